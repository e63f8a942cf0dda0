import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { TSessionEvent } from '../session/session-events.ts'
import type { ISessionStore } from '../storage/session-store.ts'

/** How many events one read of the log brings in. */
const WINDOW_EVENTS = 1_000

/**
 * The most events one search reads: ten times what the playground opens a session with, and a
 * tenth of a 1,000-turn session's log, so its cost does not grow with the log past that.
 */
export const MOST_DECISION_EVENTS = 10_000

/**
 * The `permission_decision` events of a session's log that decided the tool calls of `messages`
 * (its committed history), the latest one per call, oldest first. The log is read back from its
 * end a window at a time, only as far as those calls go: to the commit of the first message that
 * asks for one, or to where the history starts (a compaction, a clear, a fork's opening, whose
 * copied decisions follow it), and for at most `MOST_DECISION_EVENTS` events.
 */
export async function readPermissionDecisions(
  store: ISessionStore,
  sessionId: string,
  messages: readonly TUniversalMessage[]
): Promise<TExecutionEventEnvelope<'permission_decision'>[]> {
  const calls = new Set<string>()
  let firstCall = -1
  messages.forEach((message, index) => {
    if (message.role !== 'assistant' || !message.toolCalls) return
    if (firstCall < 0) firstCall = index
    for (const call of message.toolCalls) calls.add(call.id)
  })
  const found: TExecutionEventEnvelope<'permission_decision'>[] = []
  let beforeSeq: number | undefined
  search: for (let read = 0; calls.size > 0 && read < MOST_DECISION_EVENTS; read += WINDOW_EVENTS) {
    const window = await store.loadEventWindow(sessionId, { count: WINDOW_EVENTS, ...(beforeSeq === undefined ? {} : { beforeSeq }) })
    for (let at = window.length - 1; at >= 0; at--) {
      const event = window[at] as TSessionEvent
      if (event.type === 'permission_decision' && calls.delete(event.data.toolCallId)) found.push(event)
      // A call is decided after the message asking for it is committed, within the history it is part of.
      if (event.type === 'history_replaced' || (event.type === 'history_mutation' && event.data.index <= firstCall)) break search
    }
    beforeSeq = window[0]?.seq
    if (!beforeSeq) break
  }
  return found.reverse()
}
