import { StorageError } from '../../core/errors.ts'
import type { TReplayLogHead } from '../replay-log/hash-chain.ts'
import { seqsOf, tailOf } from './stored-event-batch.ts'

/**
 * A stored head as `loadReplayLogHead` hands it out; `undefined` when none is stored.
 * @throws StorageError naming the session when the stored value is not a head.
 */
export function parseReplayHead(value: unknown, sessionId: string): TReplayLogHead | undefined {
  if (value === undefined) return undefined
  const head = value as Partial<TReplayLogHead> | null
  if (typeof head?.recordCount === 'number' && Number.isInteger(head.recordCount) && head.recordCount >= 0 && typeof head.lastHash === 'string') {
    return { recordCount: head.recordCount, lastHash: head.lastHash }
  }
  throw new StorageError(`The replay log head of session "${sessionId}" is corrupt: expected { recordCount, lastHash }`, {
    details: { sessionId, path: 'heads' }
  })
}

/** The head after `appended` records (chained, in order) were added to a log whose head was `head`. */
export function advanceReplayHead(head: TReplayLogHead | undefined, appended: readonly { hash: string }[]): TReplayLogHead {
  const base = head ?? { recordCount: 0, lastHash: '' }
  const last = appended.at(-1)
  return last ? { recordCount: base.recordCount + appended.length, lastHash: last.hash } : base
}

/**
 * Writes the head of every session that has events, counted from the stored values (batches and
 * single events alike). Runs inside the upgrade to schema 6, so logs written before the store kept
 * heads verify against what they held then; calls `onDone` once every head is queued.
 */
export function recordReplayHeadsInPlace(events: IDBObjectStore, heads: IDBObjectStore, onDone: () => void = () => undefined): void {
  const counted = new Map<string, TReplayLogHead>()
  const request = events.openCursor()
  request.onsuccess = () => {
    const cursor = request.result
    if (!cursor) {
      for (const [sessionId, head] of counted) heads.put(head, sessionId)
      onDone()
      return
    }
    const sessionId = (cursor.value as { sessionId?: unknown }).sessionId
    const tail = tailOf(cursor.value)
    if (typeof sessionId === 'string' && tail) {
      const head = counted.get(sessionId) ?? { recordCount: 0, lastHash: '' }
      counted.set(sessionId, { recordCount: head.recordCount + seqsOf(cursor.value).length, lastHash: tail.hash })
    }
    cursor.continue()
  }
}
