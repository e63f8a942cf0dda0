import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { ISessionStore } from '../storage/session-store.ts'

/** Whether a turn of the session `sessionId` is running now, here or anywhere the caller can see. */
export type TIsTurnRunning = (sessionId: string) => boolean | Promise<boolean>

/**
 * Closes off an interrupted turn in storage: appends the messages `planInterruptedTurn` plans to
 * the record and one `history_mutation` event each to the replay log, in one commit, continuing
 * its `seq` and hash chain. An answer that was streaming keeps the text stored of it. Returns the
 * events written (none when the history was already whole).
 *
 * A subagent run is written by its parent session's turn: with `isTurnRunning`, a run whose
 * parent's turn is still running is left alone, since its turn is unfinished, not cut.
 */
export async function closeInterruptedTurn(store: ISessionStore, sessionId: string, isTurnRunning?: TIsTurnRunning): Promise<TExecutionEventEnvelope[]> {
  // Every open of a session asks: its last turn alone tells, so a long conversation is not read whole.
  const tail = await readLastTurnMessages(store, sessionId)
  if (!tail || !mayBeInterrupted(tail)) return []
  // What repairs a cut turn loads only when one may need it.
  const { repairInterruptedTurn } = await import('./interrupted-turn-repair.ts')
  return repairInterruptedTurn(store, sessionId, tail, isTurnRunning)
}

// A turn ends with an answer, or with a compaction's summary; anything else may have been cut.
function mayBeInterrupted(tail: readonly TUniversalMessage[]): boolean {
  const last = tail.at(-1)
  if (!last) return false
  if (last.role === 'user') return last.metadata?.compactSummary !== true
  return last.role === 'tool' || (last.role === 'assistant' && (last.toolCalls?.length ?? 0) > 0)
}

// How many of the latest messages the first look reads: a turn's last answer and its tool results.
const FIRST_LOOK = 16

/**
 * The latest messages from the last one that is not a tool result on (what `planInterruptedTurn`
 * reads), without the rest of the conversation; `undefined` for an unknown session.
 */
async function readLastTurnMessages(store: ISessionStore, sessionId: string): Promise<TUniversalMessage[] | undefined> {
  for (let count = FIRST_LOOK; ; count *= 4) {
    const window = await store.loadMessageWindow(sessionId, { count })
    if (!window) return undefined
    if (window.firstIndex === 0 || window.messages.some((message) => message.role !== 'tool')) return window.messages
  }
}
