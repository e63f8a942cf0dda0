import type { IHookInput, THookEvent, THookFailurePolicy } from './hook-types.ts'

/** What hooks on one event may do, and what a hook that times out or fails means there. */
export type THookEventPolicy = {
  /**
   * What a block (exit code 2, or a JSON block) does: stop the action, reach the model as
   * feedback (PostToolUse: the tool already ran), or only warn.
   */
  onBlock: 'block' | 'feedback' | 'warn'
  /** `updatedInput` replaces the tool input. */
  canRewriteInput: boolean
  /** `additionalContext` (and plain stdout on UserPromptSubmit and SessionStart) reaches the model. */
  canAddContext: boolean
  /** Plain (non-JSON) stdout of a successful hook is context for the model, not just a log line. */
  stdoutIsContext: boolean
  /** Applied on a timeout, an executor error, or output that cannot be read. */
  onFailure: THookFailurePolicy
  /** The input field a group's matcher is tested against; events without one run every group. */
  matchField?: 'tool_name' | 'source' | 'trigger' | 'notification_type'
}

const quiet = { canRewriteInput: false, canAddContext: false, stdoutIsContext: false, onFailure: 'fail-open' } as const

/**
 * Guards before an action (PreToolUse, UserPromptSubmit) fail closed: a guard that cannot answer
 * does not let the action through. Every other event fails open, with a warning, so a hung
 * logging hook cannot wedge a session.
 */
export const HOOK_EVENT_POLICY: Readonly<Record<THookEvent, THookEventPolicy>> = {
  PreToolUse: { onBlock: 'block', canRewriteInput: true, canAddContext: false, stdoutIsContext: false, onFailure: 'fail-closed', matchField: 'tool_name' },
  PostToolUse: { onBlock: 'feedback', canRewriteInput: false, canAddContext: true, stdoutIsContext: false, onFailure: 'fail-open', matchField: 'tool_name' },
  UserPromptSubmit: { onBlock: 'block', canRewriteInput: false, canAddContext: true, stdoutIsContext: true, onFailure: 'fail-closed' },
  SessionStart: { onBlock: 'warn', canRewriteInput: false, canAddContext: true, stdoutIsContext: true, onFailure: 'fail-open', matchField: 'source' },
  Stop: { ...quiet, onBlock: 'warn' },
  PreCompact: { ...quiet, onBlock: 'block', matchField: 'trigger' },
  PostCompact: { ...quiet, onBlock: 'warn', matchField: 'trigger' },
  WorktreeCreate: { ...quiet, onBlock: 'block' },
  WorktreeRemove: { ...quiet, onBlock: 'warn' },
  Notification: { ...quiet, onBlock: 'warn', matchField: 'notification_type' }
}

/** The value a group's matcher is tested against for this input, if the event has one. */
export function getHookMatchTarget(event: THookEvent, input: IHookInput): string | undefined {
  const field = HOOK_EVENT_POLICY[event].matchField
  return field === undefined ? undefined : (input[field] ?? '')
}
