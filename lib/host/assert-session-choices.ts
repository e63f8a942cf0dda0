import { assertKnownKeys, keysOf } from '../core/assert-known-keys.ts'
import { assertOptionKinds } from '../core/assert-option-kinds.ts'
import { describeValue } from '../core/describe-value.ts'
import { ConfigurationError } from '../core/errors.ts'
import type { TCreateSessionOptions, TProviderChoice } from './port/host-sessions.ts'

const PROVIDER_CHOICE_KEYS = keysOf<TProviderChoice>()(['kind', 'model', 'baseURL', 'apiKey', 'idleTimeoutMs', 'maxRetries', 'promptCaching', 'thinking', 'webSearch'])
const CREATE_SESSION_KEYS = keysOf<TCreateSessionOptions>()(['name', 'provider'])

/**
 * Refuses a provider choice a page or an app without types got wrong (no kind or model, a
 * misspelt key) before anything is stored under it, naming the call and the field.
 *
 * @param where names the call and the argument, e.g. `setProvider(sessionId, provider)`.
 * @throws ConfigurationError `<where>: provider must be { kind, model, … }; got …`, or an unknown key.
 */
export function assertProviderChoice(where: string, choice: unknown): asserts choice is TProviderChoice {
  const { kind, model } = (typeof choice === 'object' && choice !== null ? choice : {}) as Partial<Record<'kind' | 'model', unknown>>
  if (typeof kind !== 'string' || kind === '' || typeof model !== 'string') {
    throw new ConfigurationError(`${where}: provider must be { kind, model } (strings), as { kind: 'anthropic', model: 'claude-sonnet-4-6' }; got ${typeof choice === 'object' && choice !== null ? JSON.stringify({ kind, model }) : describeValue(choice)}.`)
  }
  assertKnownKeys(where, choice as object, PROVIDER_CHOICE_KEYS)
}

/**
 * Refuses `createSession` options that are not `{ name?, provider? }`, so a misspelt key does not
 * create a session with the defaults instead of what was asked.
 *
 * @throws ConfigurationError naming `createSession(options)` and the option.
 */
export function assertCreateSessionOptions(options: unknown): asserts options is TCreateSessionOptions | undefined {
  const where = 'createSession(options)'
  if (options === undefined || options === null) return
  if (typeof options !== 'object' || Array.isArray(options)) throw new ConfigurationError(`${where}: options must be { name?, provider? }; got ${describeValue(options)}.`)
  assertKnownKeys(where, options, CREATE_SESSION_KEYS)
  assertOptionKinds(where, options, { name: 'a string' })
  const { provider } = options as { provider?: unknown }
  if (provider !== undefined) assertProviderChoice(where, provider)
}
