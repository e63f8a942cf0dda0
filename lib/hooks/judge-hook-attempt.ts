import { HOOK_EVENT_POLICY } from './hook-event-policy.ts'
import { parseHookResponse } from './hook-response.ts'
import type { IHookDefinition, THookEvent } from './hook-types.ts'
import type { THookAttempt } from './run-hook-attempt.ts'

/** What one hook's attempt means for its event. */
export type THookVerdict = {
  blocked: boolean
  /** Why it blocked. */
  reason?: string
  updatedInput?: Record<string, unknown>
  additionalContext?: string
  /** A block on an event that already happened (PostToolUse), for the model to read. */
  feedback?: string
  warnings: string[]
}

/** A short name for a hook in messages: its command, URL, agent or the start of its prompt. */
export function describeHook(hook: IHookDefinition): string {
  const detail =
    hook.type === 'command' ? hook.command : hook.type === 'http' ? hook.url : hook.type === 'agent' ? hook.agent : hook.prompt
  const short = detail.length > 60 ? `${detail.slice(0, 57)}...` : detail
  return `${hook.type} hook "${short}"`
}

/**
 * Applies the exit-code protocol (0 proceed, 2 block with stderr as the reason, anything else
 * proceed with a warning), the JSON stdout protocol, and the event's failure policy.
 */
export function judgeHookAttempt(event: THookEvent, hook: IHookDefinition, attempt: THookAttempt): THookVerdict {
  const policy = HOOK_EVENT_POLICY[event]
  const label = `${event} ${describeHook(hook)}`
  const failClosed = policy.onBlock === 'block' && (hook.failurePolicy ?? policy.onFailure) === 'fail-closed'
  const fail = (why: string): THookVerdict =>
    failClosed
      ? { blocked: true, reason: `${label} ${why} (it fails closed)`, warnings: [] }
      : { blocked: false, warnings: [`${label} ${why}; proceeding`] }
  const block = (reason: string, warnings: string[]): THookVerdict => {
    if (policy.onBlock === 'block') return { blocked: true, reason, warnings }
    if (policy.onBlock === 'feedback') return { blocked: false, feedback: reason, warnings }
    return { blocked: false, warnings: [...warnings, `${label} asked to block, but ${event} cannot be blocked: ${reason}`] }
  }

  if (attempt.failure !== undefined) return fail(attempt.failure)
  if (attempt.exitCode === 2) return block(attempt.stderr.trim() || `${label} blocked without giving a reason`, [])
  if (attempt.exitCode !== 0) {
    const stderr = attempt.stderr.trim()
    return { blocked: false, warnings: [`${label} exited with code ${attempt.exitCode}${stderr === '' ? '' : `: ${stderr}`}`] }
  }

  const response = parseHookResponse(attempt.stdout, attempt.stdoutTruncated)
  if (response.unreadable !== undefined) return fail(`gave unusable output: ${response.unreadable}`)
  const warnings = response.ignored.map((what) => `${label} asked for ${what}; ignored`)
  if (response.systemMessage !== undefined) warnings.push(response.systemMessage)
  if (response.blockReason !== undefined) return block(response.blockReason, warnings)

  const verdict: THookVerdict = { blocked: false, warnings }
  if (response.updatedInput !== undefined) {
    if (policy.canRewriteInput) verdict.updatedInput = response.updatedInput
    else warnings.push(`${label} returned updatedInput, which ${event} hooks cannot apply; ignored`)
  }
  const context = response.additionalContext ?? (policy.stdoutIsContext ? response.text : undefined)
  if (context !== undefined) {
    if (policy.canAddContext) verdict.additionalContext = context
    else warnings.push(`${label} returned additionalContext, which ${event} hooks cannot add; ignored`)
  }
  return verdict
}
