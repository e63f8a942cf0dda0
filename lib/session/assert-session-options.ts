import { ConfigurationError } from '../core/errors.ts'
import { describeValue } from '../core/describe-value.ts'

/**
 * Checks what a session cannot start without, for callers without types: a provider (unless a
 * built session is given) and, when present, a tools array. Each failure names the option.
 *
 * @param where names the entry point in error messages, e.g. `new InteractiveSession(options)`.
 * @throws ConfigurationError naming `where` and the option.
 */
export function assertSessionOptions(options: unknown, where: string): void {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError(`${where}: options must be an object with a provider; got ${describeValue(options)}.`)
  }
  const { provider, tools, session } = options as { provider?: unknown; tools?: unknown; session?: unknown }
  if (session === undefined && !isProvider(provider)) {
    throw new ConfigurationError(`${where}: provider must be an IAIProvider (a name and chat()), such as new AnthropicProvider({ apiKey }); got ${describeValue(provider)}.`)
  }
  if (tools !== undefined && !Array.isArray(tools)) {
    throw new ConfigurationError(`${where}: tools must be an array of tools; got ${describeValue(tools)}.`)
  }
}

function isProvider(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const { name, chat } = value as { name?: unknown; chat?: unknown }
  return typeof name === 'string' && typeof chat === 'function'
}
