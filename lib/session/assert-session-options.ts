import { assertKnownKeys } from '../core/assert-known-keys.ts'
import { assertToolsOption } from '../core/assert-tools-option.ts'
import { ConfigurationError } from '../core/errors.ts'
import { describeValue } from '../core/describe-value.ts'
import { assertHooksOption } from '../hooks/assert-hooks-option.ts'
import { assertPermissionModeOption } from '../permissions/assert-permission-mode-option.ts'

// Slips of the session's options that would otherwise run a session without what was meant.
const OPTION_HINTS: Readonly<Record<string, string>> = {
  systemPrompt: 'the system prompt is `systemMessage`',
  sandboxClient: 'the sandbox is `sandbox`; without one the session has no tools'
}

// Options of one plain type: another (`cwd: 5`) fails later, deep inside, without the option's name.
const OPTION_TYPES: Readonly<Record<string, string>> = {
  cwd: 'string', model: 'string', systemMessage: 'string', name: 'string', resumeSessionId: 'string', forkSession: 'boolean',
  permissionHandler: 'function', onReplayEvent: 'function', timeout: 'number', contextWindow: 'number', maxTurns: 'number'
}

// The ports a session calls into, with an example and the methods every call needs.
const PORTS: Readonly<Record<string, readonly [string, string]>> = {
  sandbox: ['ISandboxClient, such as new InMemorySandboxClient()', 'run readFile writeFile readdir stat mkdir remove rename'],
  store: ['ISessionStore, such as new MemorySessionStore()', 'commit loadSession loadSessionHead loadMessageWindow listSessions loadEvents']
}

/**
 * Checks what a session cannot start without, for callers without types: a provider (unless a
 * built session is given) and, when present, a sandbox and a store with their ports' methods,
 * options of the right plain type (`cwd`, `model`…), an array of tools, a permission mode and
 * hooks whose events and matchers exist; and refuses an option outside `knownKeys`, which would be
 * ignored without a word. Each failure names the option.
 *
 * @param where names the entry point in error messages, e.g. `new InteractiveSession(options)`.
 * @param knownKeys every option the entry point reads (see `keysOf`).
 * @throws ConfigurationError naming `where` and the option.
 */
export function assertSessionOptions(options: unknown, where: string, knownKeys: readonly string[]): void {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError(`${where}: options must be an object with a provider; got ${describeValue(options)}.`)
  }
  assertKnownKeys(where, options, knownKeys, OPTION_HINTS)
  const { provider, tools, session, permissionMode, hooks } = options as { provider?: unknown; tools?: unknown; session?: unknown; permissionMode?: unknown; hooks?: unknown }
  if (session === undefined && !isProvider(provider)) {
    throw new ConfigurationError(`${where}: provider must be an IAIProvider (a name and chat()), such as new AnthropicProvider({ apiKey }); got ${describeValue(provider)}.`)
  }
  for (const [key, type] of Object.entries(OPTION_TYPES)) {
    const value = (options as Record<string, unknown>)[key]
    if (value !== undefined && typeof value !== type) throw new ConfigurationError(`${where}: ${key} must be a ${type}; got ${describeValue(value)}.`)
  }
  for (const [key, [kind, methods]] of Object.entries(PORTS)) {
    const value = (options as Record<string, Record<string, unknown> | undefined>)[key]
    const missing = value === undefined ? undefined : methods.split(' ').find((method) => typeof value?.[method] !== 'function')
    if (missing !== undefined) {
      throw new ConfigurationError(`${where}: ${key} must be an ${kind}; got ${typeof value === 'object' && value !== null ? `an object without ${missing}()` : describeValue(value)}.`)
    }
  }
  assertToolsOption(where, tools)
  assertPermissionModeOption(where, permissionMode)
  assertHooksOption(where, hooks)
}

function isProvider(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const { name, chat } = value as { name?: unknown; chat?: unknown }
  return typeof name === 'string' && typeof chat === 'function'
}
