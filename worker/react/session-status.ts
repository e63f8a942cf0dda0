import type { TSessionViewState } from './session-view-state.ts'

/** What a session is doing, for a status line. */
export type TSessionStatus =
  /** No turn runs (or no session is open). */
  | 'idle'
  /** The session's sandbox is starting. */
  | 'loading'
  /** A turn runs and waits for the model's first words. */
  | 'thinking'
  /** The model's answer is streaming in. */
  | 'streaming'
  /** Tools are running. */
  | 'running_tools'
  /** A tool call waits for the user's approval. */
  | 'awaiting_permission'
  /** The last turn was cut off by a lost worker or tab. */
  | 'interrupted'
  /** The last turn or call failed: `useAgentSession`'s `error` (or the view's `error`) says why. */
  | 'error'

/** The status a view state shows; prompts outrank tools, tools outrank streaming text. */
export function toSessionStatus(state: TSessionViewState): TSessionStatus {
  if (state.running) {
    if (state.pendingPermissions.length > 0) return 'awaiting_permission'
    if (state.activeTools.length > 0) return 'running_tools'
    return state.streamingText ? 'streaming' : 'thinking'
  }
  if (state.interruption) return 'interrupted'
  if (state.error || state.turnError) return 'error'
  return state.sandboxStatus === 'loading' ? 'loading' : 'idle'
}
