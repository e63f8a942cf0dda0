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
  const inWindow = await readLatestEvents(eventStore, sessionId, end, window.count)
  const earlier = await readContinuedRequests(eventStore, sessionId, inWindow)
  const values = [...earlier, ...inWindow]
  const payloadStore = transaction.objectStore('payloads')
  const payloads = await Promise.all(referencedPayloadHashes(values).map((hash) => payloadStore.get([sessionId, hash])))
  return resolveMessagePayloads(values, toPayloadMap(payloads), sessionId).slice(earlier.length)
}

type TEventKey = [string, number]

type TWindowEventStore = TEventStore & {
  openKeyCursor(range: IDBKeyRange, direction: IDBCursorDirection): Promise<{ key: TEventKey } | null>
  getAll(range: IDBKeyRange): Promise<unknown[]>
}

/**
 * The last `count` stored events before `end`, oldest first. A batch is keyed by its first seq, so
 * two key reads find the batch that holds the window's first event and one read brings every
 * batch from it on: three round trips however many batches (a cursor costs one a batch). Were
 * the log to skip seqs, that holds fewer events: the batches before are then read one at a time
 * until the window is full.
 */
async function readLatestEvents(eventStore: TWindowEventStore, sessionId: string, end: number, count: number): Promise<unknown[]> {
  const newest = await eventStore.openKeyCursor(eventRange(sessionId, 0, end - 1), 'prev')
  if (!newest) return []
  // The log reaches at least the newest batch's first seq: the window starts no earlier than this.
  const firstWanted = Math.min(end, newest.key[1] + 1) - count
  const holder = firstWanted > 0 ? await eventStore.openKeyCursor(eventRange(sessionId, 0, firstWanted), 'prev') : null
  const from = holder?.key[1] ?? 0
  // A batch is keyed by its first seq, so the newest one may reach past `end`. An event without
  // a seq stays in, for validation to report.
  const beforeEnd = (values: readonly unknown[]) => flattenStoredEvents(values, sessionId).filter((event) => !(seqOf(event) >= end))
  const latest = beforeEnd(await eventStore.getAll(eventRange(sessionId, from, end - 1)))
  const olderFirst: unknown[][] = []
  let gathered = latest.length
  let cursor = gathered < count && from > 0 ? await eventStore.openCursor(eventRange(sessionId, 0, from - 1), 'prev') : null
  while (cursor && gathered < count) {
    const events = beforeEnd([cursor.value])
    olderFirst.unshift(events)
    gathered += events.length
    cursor = await cursor.continue()
  }
  return [...olderFirst.flat(), ...latest].slice(-count)
}

type TEventStore = { openCursor(range: IDBKeyRange, direction: IDBCursorDirection): Promise<TEventCursor | null> }
type TEventCursor = { value: unknown; continue(): Promise<TEventCursor | null> }

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
