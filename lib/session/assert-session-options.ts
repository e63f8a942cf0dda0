import { assertKnownKeys } from '../core/assert-known-keys.ts'
import { assertOptionKinds } from '../core/assert-option-kinds.ts'
import { assertToolsOption } from '../core/assert-tools-option.ts'
import { ConfigurationError } from '../core/errors.ts'
import { describeValue } from '../core/describe-value.ts'
import { assertHooksOption } from '../hooks/assert-hooks-option.ts'
import { assertPermissionModeOption } from '../permissions/assert-permission-mode-option.ts'
import { assertPermissionsOption } from './config/assert-like-settings.ts'
import type { TInteractiveSessionOptions } from './interactive-session-types.ts'

// Slips of the session's options that would otherwise run a session without what was meant.
const OPTION_HINTS: Readonly<Record<string, string>> = {
  systemPrompt: 'the system prompt is `systemMessage`',
  sandboxClient: 'the sandbox is `sandbox`; without one the session has no tools'
}

// Options of one plain kind: another (`cwd: 5`, `cwd: ''`) fails later, deep inside, without the option's name.
const OPTION_KINDS = {
  cwd: 'a non-empty path', model: 'a string', systemMessage: 'a string', name: 'a string', resumeSessionId: 'a string', forkSession: 'a boolean',
  permissionHandler: 'a function', onReplayEvent: 'a function', timeout: 'a number', contextWindow: 'a number', maxTurns: 'a number',
  autoCompactThreshold: 'a number above 0 and at most 1 or false', webFetch: 'an object or false', env: 'an object', userSettings: 'an object',
  chatSettings: 'an object', mcpServers: 'an object', searchProvider: 'an object', userPlugins: 'an object', disabledTools: 'an array',
  hookExecutors: 'an array', session: 'an object'
} satisfies Partial<Record<keyof TInteractiveSessionOptions, string>>

// The ports a session calls into, with an example and the methods every call needs.
const PORTS: Readonly<Record<string, readonly [string, string]>> = {
  sandbox: ['ISandboxClient, such as new InMemorySandboxClient()', 'run readFile writeFile readdir stat mkdir remove rename'],
  store: ['ISessionStore, such as new MemorySessionStore()', 'commit loadSession loadSessionHead loadMessageWindow listSessions loadEvents']
}

/**
 * Checks what a session cannot start without, for callers without types: a provider (unless a
 * built session is given) and, when present, a sandbox and a store with their ports' methods,
 * options of the right plain kind (`cwd` a non-empty path, `model` a string, `webFetch` an object
 * or false…), an array of tools, a permission mode, hooks whose events and matchers exist and
 * permission lists held to the rules of `.robota/settings.json`; and refuses an option outside
 * `knownKeys`, which would be ignored without a word. Each failure names the option.
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
  assertOptionKinds(where, options, OPTION_KINDS)
  const { disabledTools } = options as { disabledTools?: unknown[] }
  const notName = disabledTools?.findIndex((name) => typeof name !== 'string') ?? -1
  if (notName >= 0) throw new ConfigurationError(`${where}: disabledTools[${notName}] must be a tool's name; got ${describeValue(disabledTools?.[notName])}.`)
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
  assertPermissionsOption(where, (options as { permissions?: unknown }).permissions)
}

function isProvider(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const { name, chat } = value as { name?: unknown; chat?: unknown }
  return typeof name === 'string' && typeof chat === 'function'
}
