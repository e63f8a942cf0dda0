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

/**
 * Checks what a session cannot start without, for callers without types: a provider (unless a
 * built session is given) and, when present, an array of tools, a permission mode and hooks whose
 * events and matchers exist; and refuses an option outside `knownKeys`, which would be ignored
 * without a word. Each failure names the option.
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
  assertToolsOption(where, tools)
  assertPermissionModeOption(where, permissionMode)
  assertHooksOption(where, hooks)
}

function isProvider(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const { name, chat } = value as { name?: unknown; chat?: unknown }
  return typeof name === 'string' && typeof chat === 'function'
}
