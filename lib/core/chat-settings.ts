import type { RobotaError, TErrorOptions } from './errors.ts'
import type { TToolChoice } from './provider.ts'

/** Model settings sent with every provider call of a run: from the agent config, or one run's options. */
export type TChatSettings = {
  /** Most tokens each reply may have; a positive whole number. */
  maxTokens?: number
  /** Sampling temperature, 0 or more (each API has its own upper bound). */
  temperature?: number
  /** Whether the model may, must or must not call a tool; `{ name }` must name one of the agent's tools. */
  toolChoice?: TToolChoice
}

/** The settings of one run: each run option beats the agent's, field by field. */
export function resolveChatSettings(agent: TChatSettings, run: TChatSettings): TChatSettings {
  const maxTokens = run.maxTokens ?? agent.maxTokens
  const temperature = run.temperature ?? agent.temperature
  const toolChoice = run.toolChoice ?? agent.toolChoice
  return {
    ...(maxTokens === undefined ? {} : { maxTokens }),
    ...(temperature === undefined ? {} : { temperature }),
    ...(toolChoice === undefined ? {} : { toolChoice })
  }
}

type TErrorClass = new (message: string, options?: TErrorOptions) => RobotaError

/**
 * Checks settings before anything is sent, throwing `ErrorClass` with a message that names
 * `where` they came from (`Robota config`, `run()`) and what was wrong.
 */
export function assertChatSettings(settings: TChatSettings, toolNames: ReadonlySet<string>, where: string, ErrorClass: TErrorClass): void {
  const { maxTokens, temperature, toolChoice } = settings
  if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && maxTokens > 0)) {
    throw new ErrorClass(`${where}: maxTokens must be a positive whole number; got ${String(maxTokens)}.`)
  }
  if (temperature !== undefined && !(typeof temperature === 'number' && Number.isFinite(temperature) && temperature >= 0)) {
    throw new ErrorClass(`${where}: temperature must be a number of 0 or more; got ${String(temperature)}.`)
  }
  if (toolChoice === undefined || toolChoice === 'auto' || toolChoice === 'none' || toolChoice === 'required') return
  const name = typeof toolChoice === 'object' && toolChoice !== null ? (toolChoice as { name?: unknown }).name : undefined
  if (typeof name !== 'string') {
    throw new ErrorClass(`${where}: toolChoice must be 'auto', 'none', 'required' or { name }; got ${JSON.stringify(toolChoice)}.`)
  }
  if (!toolNames.has(name)) {
    const known = [...toolNames].map((tool) => `"${tool}"`).join(', ') || 'none'
    throw new ErrorClass(`${where}: toolChoice names the tool "${name}", which the agent does not have (its tools: ${known}).`)
  }
}
