import { estimateContextTokensFromMessages, type IContextWindowState } from '../../lib/core/context/estimation.ts'
import { getModelContextWindow } from '../../lib/core/context/models.ts'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
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

/** How full the session's context window is, and for which model. */
export type TSessionContextState = IContextWindowState & {
  /** The model of the latest provider request, when the session has made one. */
  model: string | undefined
  /** True when no provider reported usage for these messages: `usedTokens` is a character estimate. */
  estimated: boolean
}

/**
 * The context window state of a view: tokens used by the system prompt and the committed messages
 * (the latest provider usage when it is reported, a character estimate otherwise) against the
 * window of the model the session last talked to. It counts what the engine's own measure
 * (`/context`, auto-compaction) counts: the system prompt is read from the latest request that
 * carries it.
 */
export function toContextState(state: Pick<TSessionViewState, 'messages' | 'events'>): TSessionContextState {
  let model: string | undefined
  let system: TUniversalMessage | undefined
  for (let index = state.events.length - 1; index >= 0 && system === undefined; index--) {
    const event = state.events[index]
    if (event?.type !== 'provider_request') continue
    model ??= event.data.model
    // A request read back from a stored window may carry only the messages it added: it is skipped.
    if (event.data.messages[0]?.role === 'system') system = event.data.messages[0]
  }
  const estimate = estimateContextTokensFromMessages(system ? [system, ...state.messages] : state.messages)
  const usedTokens = estimate.effectiveTokens
  const maxTokens = getModelContextWindow(model ?? '')
  return { model, maxTokens, usedTokens, usedPercentage: Math.round((usedTokens / maxTokens) * 1000) / 10, estimated: estimate.providerTokens === undefined }
}
