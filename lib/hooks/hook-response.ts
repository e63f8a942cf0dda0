/**
 * What a hook said on stdout when it exited 0. JSON (an object) is read in the Claude Code
 * shape; anything else is plain text. Nothing a hook asks for is dropped without a word: what
 * cannot be read or applied comes back as `unreadable` or `ignored`.
 */
export type THookResponse = {
  /** The hook asked to block, with this reason. */
  blockReason?: string
  /** A replacement tool input (PreToolUse). */
  updatedInput?: Record<string, unknown>
  additionalContext?: string
  /** A message meant for the user. */
  systemMessage?: string
  /** Plain, non-JSON stdout. */
  text?: string
  /** Why the output could not be used at all (invalid JSON, a non-object `updatedInput`). */
  unreadable?: string
  /** Things the hook asked for that a hook cannot do. */
  ignored: string[]
}

type TJsonObject = Record<string, unknown>

function isObject(value: unknown): value is TJsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function textField(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/**
 * Reads `{ decision: 'block', reason }`, `{ continue: false, stopReason }`, `{ ok: false, reason }`
 * (prompt hooks), `updatedInput`, `additionalContext` and `systemMessage`, at the top level or
 * inside `hookSpecificOutput` (where `permissionDecision: 'deny'` blocks too).
 */
export function parseHookResponse(stdout: string, truncated = false): THookResponse {
  const trimmed = stdout.trim()
  if (trimmed === '') return { ignored: [] }
  if (!trimmed.startsWith('{')) return { text: trimmed, ignored: [] }
  if (truncated) return { unreadable: 'its JSON output was cut at the output cap', ignored: [] }
  let parsed: unknown
  try {
    parsed = JSON.parse(trimmed)
  } catch (error) {
    return { unreadable: `its output is not valid JSON (${(error as Error).message})`, ignored: [] }
  }
  if (!isObject(parsed)) return { unreadable: 'its JSON output is not an object', ignored: [] }
  const specific = isObject(parsed.hookSpecificOutput) ? parsed.hookSpecificOutput : {}
  const response: THookResponse = { ignored: [] }

  const blocked =
    parsed.decision === 'block' || parsed.continue === false || parsed.ok === false || specific.permissionDecision === 'deny'
  if (blocked) {
    const reason = textField(parsed.reason) ?? textField(parsed.stopReason) ?? textField(specific.permissionDecisionReason)
    response.blockReason = reason ?? 'blocked by a hook (no reason given)'
  }
  const grant = specific.permissionDecision ?? parsed.decision
  if (grant === 'allow' || grant === 'approve' || grant === 'ask') {
    response.ignored.push(`permission decision "${String(grant)}" (hooks can block, never grant)`)
  }

  const updatedInput = specific.updatedInput ?? parsed.updatedInput
  if (updatedInput !== undefined) {
    if (!isObject(updatedInput)) return { unreadable: 'its updatedInput is not an object', ignored: [] }
    response.updatedInput = updatedInput
  }
  const additionalContext = textField(specific.additionalContext) ?? textField(parsed.additionalContext)
  if (additionalContext !== undefined) response.additionalContext = additionalContext
  const systemMessage = textField(parsed.systemMessage)
  if (systemMessage !== undefined) response.systemMessage = systemMessage
  return response
}
