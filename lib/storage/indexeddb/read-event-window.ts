import type { TEventWindow } from '../session-store.ts'
import type { TRobotaDatabase } from './open-robota-database.ts'
import { eventRange } from './session-key-ranges.ts'
import { flattenStoredEvents } from './stored-event-batch.ts'
import { continuedRequestSeq, referencedPayloadHashes, resolveMessagePayloads, toPayloadMap } from './stored-message-payloads.ts'

type TSeqd = { seq?: unknown }

/**
 * The stored events `window` asks for, oldest first, read from the session's newest batches back
 * in one read transaction, with every message they refer to put back in place. Only what the
 * window needs is read: its batches, the few earlier requests its requests are stored as deltas
 * of, and the payloads all of these name. Requests keep the history range the log records.
 */
export async function readEventWindow(database: TRobotaDatabase, sessionId: string, window: TEventWindow): Promise<unknown[]> {
  const end = window.beforeSeq ?? Number.POSITIVE_INFINITY
  if (end <= 0) return []
  const transaction = database.transaction(['events', 'payloads'])
  const eventStore = transaction.objectStore('events')
  const newestFirst: unknown[][] = []
  let gathered = 0
  // Seqs are whole numbers: the last key before `end` is `end - 1`.
  let cursor = await eventStore.openCursor(eventRange(sessionId, 0, end - 1), 'prev')
  while (cursor && gathered < window.count) {
    // A batch is keyed by its first seq, so the newest one may reach past `end`. An event without
    // a seq stays in, for validation to report.
    const events = flattenStoredEvents([cursor.value], sessionId).filter((event) => !(seqOf(event) >= end))
    newestFirst.push(events)
    gathered += events.length
    cursor = await cursor.continue()
  }
  const inWindow = newestFirst.reverse().flat().slice(-window.count)
  const earlier = await readContinuedRequests(eventStore, sessionId, inWindow)
  const values = [...earlier, ...inWindow]
  const payloadStore = transaction.objectStore('payloads')
  const payloads = await Promise.all(referencedPayloadHashes(values).map((hash) => payloadStore.get([sessionId, hash])))
  return resolveMessagePayloads(values, toPayloadMap(payloads), sessionId).slice(earlier.length)
}

type TEventStore = { openCursor(range: IDBKeyRange, direction: IDBCursorDirection): Promise<{ value: unknown } | null> }

// The stored requests before the window that its requests continue (a delta names the request it
// extends), and those they continue in turn, in seq order: resolving the window needs them first.
async function readContinuedRequests(eventStore: TEventStore, sessionId: string, inWindow: readonly unknown[]): Promise<unknown[]> {
  const firstSeq = seqOf(inWindow[0])
  const found = new Map<number, unknown>()
  let wanted = inWindow.map(continuedRequestSeq).filter((seq): seq is number => seq !== undefined && seq < firstSeq)
  while (wanted.length > 0) {
    const next: number[] = []
    for (const seq of new Set(wanted)) {
      if (found.has(seq)) continue
      const holder = await eventStore.openCursor(eventRange(sessionId, 0, seq), 'prev')
      const request = holder ? flattenStoredEvents([holder.value], sessionId).find((event) => seqOf(event) === seq) : undefined
      // A missing request is left for the resolver, which names it in its error.
      if (request === undefined) continue
      found.set(seq, request)
      const continued = continuedRequestSeq(request)
      if (continued !== undefined) next.push(continued)
    }
    wanted = next
  }
  return [...found.entries()].sort(([left], [right]) => left - right).map(([, request]) => request)
}

function seqOf(event: unknown): number {
  const seq = (event as TSeqd | null)?.seq
  return typeof seq === 'number' ? seq : Number.NaN
}
