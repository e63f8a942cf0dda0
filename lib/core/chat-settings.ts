import { showValue } from './describe-value.ts'
import type { RobotaError, TErrorOptions } from './errors.ts'
import type { TProviderOptions, TToolChoice } from './provider.ts'
import type { IProviderNativeWebToolRequest } from './provider-capabilities.ts'

/** Model settings sent with every provider call of a run: from the agent config, or one run's options. */
export type TChatSettings = {
  /** Most tokens each reply may have; a positive whole number. */
  maxTokens?: number
  /** Sampling temperature, 0 or more (each API has its own upper bound). */
  temperature?: number
  /** Whether the model may, must or must not call a tool; `{ name }` must name one of the agent's tools. */
  toolChoice?: TToolChoice
  /** Text that ends the reply where the model writes it; each a non-empty string. */
  stopSequences?: string[]
  /**
   * Fields merged into the provider's own request, keyed by provider name (`anthropic`, `openai`,
   * `google`); a provider refuses a field Robota sets itself. A run's field beats the agent's.
   */
  providerOptions?: TProviderOptions
  /**
   * Provider-native (hosted) web tools every call needs (`{ webSearch: true }`); a provider that
   * does not have them, or has them switched off, refuses the call before sending anything.
   */
  nativeWebTools?: IProviderNativeWebToolRequest
}

/** The settings of one run: each run option beats the agent's, field by field. */
export function resolveChatSettings(agent: TChatSettings, run: TChatSettings): TChatSettings {
  const maxTokens = run.maxTokens ?? agent.maxTokens
  const temperature = run.temperature ?? agent.temperature
  const toolChoice = run.toolChoice ?? agent.toolChoice
  const stopSequences = run.stopSequences ?? agent.stopSequences
  const providerOptions = mergeProviderOptions(agent.providerOptions, run.providerOptions)
  const nativeWebTools = run.nativeWebTools ?? agent.nativeWebTools
  return {
    ...(maxTokens === undefined ? {} : { maxTokens }),
    ...(temperature === undefined ? {} : { temperature }),
    ...(toolChoice === undefined ? {} : { toolChoice }),
    ...(stopSequences === undefined ? {} : { stopSequences }),
    ...(providerOptions === undefined ? {} : { providerOptions }),
    ...(nativeWebTools === undefined ? {} : { nativeWebTools })
  }
}

function mergeProviderOptions(agent: TProviderOptions | undefined, run: TProviderOptions | undefined): TProviderOptions | undefined {
  if (!agent || !run) return run ?? agent
  const merged: Record<string, Record<string, unknown>> = {}
  for (const name of new Set([...Object.keys(agent), ...Object.keys(run)])) {
    merged[name] = { ...agent[name], ...run[name] }
  }
  return merged
}

type TErrorClass = new (message: string, options?: TErrorOptions) => RobotaError

/**
 * Checks settings before anything is sent, throwing `ErrorClass` with a message that names
 * `where` they came from (`Robota config`, `run()`) and what was wrong.
 */
export function assertChatSettings(settings: TChatSettings, toolNames: ReadonlySet<string>, where: string, ErrorClass: TErrorClass): void {
  const { maxTokens, temperature, stopSequences, providerOptions } = settings
  if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && maxTokens > 0)) {
    throw new ErrorClass(`${where}: maxTokens must be a positive whole number; got ${showValue(maxTokens)}.`)
  }
  if (temperature !== undefined && !(typeof temperature === 'number' && Number.isFinite(temperature) && temperature >= 0)) {
    throw new ErrorClass(`${where}: temperature must be a number of 0 or more; got ${showValue(temperature)}.`)
  }
  if (stopSequences !== undefined && !(Array.isArray(stopSequences) && stopSequences.every((stop) => typeof stop === 'string' && stop !== ''))) {
    throw new ErrorClass(`${where}: stopSequences must be a list of non-empty strings; got ${JSON.stringify(stopSequences)}.`)
  }
  if (providerOptions !== undefined) assertProviderOptions(providerOptions, where, ErrorClass)
  if (settings.nativeWebTools !== undefined) assertNativeWebTools(settings.nativeWebTools, where, ErrorClass)
  assertToolChoice(settings.toolChoice, toolNames, where, ErrorClass)
}

function assertNativeWebTools(request: unknown, where: string, ErrorClass: TErrorClass): void {
  const fields = isPlainObject(request) ? Object.entries(request) : undefined
  const valid = fields?.every(([key, value]) => (key === 'webSearch' || key === 'webFetch') && (value === undefined || typeof value === 'boolean'))
  if (!valid) {
    throw new ErrorClass(`${where}: nativeWebTools must be { webSearch?: boolean, webFetch?: boolean }; got ${JSON.stringify(request)}.`)
  }
}

function assertProviderOptions(providerOptions: unknown, where: string, ErrorClass: TErrorClass): void {
  if (!isPlainObject(providerOptions)) {
    throw new ErrorClass(`${where}: providerOptions must be an object keyed by provider name; got ${JSON.stringify(providerOptions)}.`)
  }
  for (const [name, fields] of Object.entries(providerOptions)) {
    if (fields !== undefined && !isPlainObject(fields)) {
      throw new ErrorClass(`${where}: providerOptions.${name} must be an object of request fields; got ${JSON.stringify(fields)}.`)
    }
  }
}

function assertToolChoice(toolChoice: TToolChoice | undefined, toolNames: ReadonlySet<string>, where: string, ErrorClass: TErrorClass): void {
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
