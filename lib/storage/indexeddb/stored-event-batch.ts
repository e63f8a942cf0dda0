import { StorageError } from '../../core/errors.ts'
import type { TReplayTail, TStoredReplayEvent } from '../replay-log/stored-replay-event.ts'

/**
 * The replay events one commit appended, kept as one IndexedDB value keyed by its first `seq`.
 * One value per commit rather than one per event: each put is a round trip to the browser's
 * storage process, and per-event puts cap appends near ten thousand events a second.
 */
export type TStoredEventBatch = {
  sessionId: string
  /** The first event's `seq`: the batch's key, so key order stays `seq` order. */
  seq: number
  lastSeq: number
  events: TStoredReplayEvent[]
}

/** Largest batch an import writes as one value, so no single value grows without bound. */
export const IMPORT_BATCH_SIZE = 1_000

/** The batch holding `events` (chained, in `seq` order, at least one). */
export function toStoredBatch(events: readonly TStoredReplayEvent[]): TStoredEventBatch {
  const first = events[0]
  const last = events.at(-1)
  if (!first || !last) throw new TypeError('toStoredBatch: a batch holds at least one event.')
  return { sessionId: first.sessionId, seq: first.seq, lastSeq: last.seq, events: [...events] }
}

/** True for a batch value; anything else in the store is a single event (schema 2 and 3 wrote those). */
export function isStoredBatch(value: unknown): value is { events: unknown[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { events?: unknown }).events)
}

/**
 * Every stored value of a session, batches and single events alike, as the list of events they
 * hold in `seq` order. A value claiming to be a batch whose `events` is not a list is reported.
 * @throws StorageError naming the session and the key of the damaged value.
 */
export function flattenStoredEvents(values: readonly unknown[], sessionId: string): unknown[] {
  const events: unknown[] = []
  for (const value of values) {
    if (isStoredBatch(value)) events.push(...value.events)
    else if (typeof value === 'object' && value !== null && 'events' in value) {
      const seq = (value as { seq?: unknown }).seq
      throw new StorageError(`Replay event batch at seq ${String(seq)} of session "${sessionId}" is corrupt: events: expected a list`, {
        details: { sessionId, seq, path: 'events' }
      })
    } else events.push(value)
  }
  return events
}

/** The last event a stored value holds, as the tail a commit chains onto. */
export function tailOf(value: unknown): TReplayTail | undefined {
  const last = (isStoredBatch(value) ? value.events.at(-1) : value) as Partial<TStoredReplayEvent> | undefined
  if (typeof last?.seq !== 'number' || typeof last.hash !== 'string') return undefined
  return { seq: last.seq, hash: last.hash }
}

/** The `seq` of every event a stored value holds. */
export function seqsOf(value: unknown): number[] {
  const events = isStoredBatch(value) ? value.events : [value]
  return events.flatMap((event) => {
    const seq = (event as { seq?: unknown } | null)?.seq
    return typeof seq === 'number' ? [seq] : []
  })
}
