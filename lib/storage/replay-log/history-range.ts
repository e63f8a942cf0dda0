import { StorageError } from '../../core/errors.ts'
import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import type { TUniversalMessage } from '../../core/messages.ts'
import { canonicalMessageJson } from './canonical-event-json.ts'

/**
 * The messages a recorded `provider_request` shares with an earlier request of the same log: the
 * first `count` messages of the request at `seq`. Its `messages` then hold only what it sent
 * after them.
 */
export type THistoryRange = { seq: number; count: number }

/** A `provider_request`'s data as a replay log records it (format version 2). */
export type TRecordedRequestData = TExecutionEventEnvelope<'provider_request'>['data'] & { historyRange?: THistoryRange }

/** The history range a recorded event names, if it is a `provider_request` that names one. */
export function historyRangeOf(event: { type?: unknown; data?: unknown }): THistoryRange | undefined {
  if (event.type !== 'provider_request' || typeof event.data !== 'object' || event.data === null) return undefined
  const range = (event.data as { historyRange?: unknown }).historyRange
  if (typeof range !== 'object' || range === null) return undefined
  const { seq, count } = range as Partial<THistoryRange>
  return typeof seq === 'number' && typeof count === 'number' ? { seq, count } : undefined
}

/** The messages sent by the request at `seq`, as a log's reader keeps them to resolve later ranges. */
export type TSentRequests = Map<number, readonly unknown[]>

/**
 * A `provider_request` as the log records it: the messages it shares with `previous` (the last
 * request recorded before it) named by range, the rest kept. Each request of a long session
 * repeats the history sent before, so hashing and storing it whole would cost each turn as much
 * as the whole conversation. Messages compare by identity first, then by canonical JSON (cached
 * per message object). Any other event, or a request that shares nothing, is returned as it is.
 */
export function toRecordedRequest<TEvent extends TExecutionEventEnvelope>(
  event: TEvent,
  previous: { seq: number; messages: readonly unknown[] } | undefined
): TEvent {
  if (event.type !== 'provider_request' || previous === undefined || historyRangeOf(event) !== undefined) return event
  const messages = (event.data as { messages?: unknown }).messages
  if (!Array.isArray(messages)) return event
  const count = sharedPrefixLength(previous.messages, messages)
  if (count === 0) return event
  const data: TRecordedRequestData = { ...(event.data as TRecordedRequestData), historyRange: { seq: previous.seq, count }, messages: messages.slice(count) }
  return { ...event, data }
}

/**
 * The messages a recorded `provider_request` sent, its range (if any) resolved against `sent`;
 * `undefined` for any other event.
 * @throws StorageError when the range names a request `sent` does not hold, or more messages than it sent.
 */
export function sentMessagesOf(event: { seq?: unknown; type?: unknown; data?: unknown }, sent: ReadonlyMap<number, readonly unknown[]>, sessionId: string): unknown[] | undefined {
  if (event.type !== 'provider_request' || typeof event.data !== 'object' || event.data === null) return undefined
  const added = (event.data as { messages?: unknown }).messages
  if (!Array.isArray(added)) return undefined
  const range = historyRangeOf(event)
  if (range === undefined) return added
  const earlier = sent.get(range.seq)
  if (earlier === undefined || !Number.isInteger(range.count) || range.count < 0 || earlier.length < range.count) {
    throw new StorageError(
      `Replay event seq ${String(event.seq)} of session "${sessionId}" names ${range.count} messages of the request at seq ${range.seq}, which the log does not hold`,
      { details: { sessionId, seq: event.seq, historyRange: range } }
    )
  }
  return [...earlier.slice(0, range.count), ...added]
}

/**
 * A log's events (in `seq` order, from its first) with each recorded `provider_request` carrying
 * the whole list of messages it sent, as `loadEvents` hands them out. Resolved lists share the
 * message objects of the requests they continue.
 * @throws StorageError naming the event whose range cannot be resolved.
 */
export function resolveHistoryRanges<TEvent>(events: readonly TEvent[], sessionId: string): TEvent[] {
  const sent: TSentRequests = new Map()
  return events.map((event) => {
    const envelope = event as { seq?: unknown; type?: unknown; data?: unknown }
    const messages = sentMessagesOf(envelope, sent, sessionId)
    if (messages === undefined) return event
    if (typeof envelope.seq === 'number') sent.set(envelope.seq, messages)
    if (historyRangeOf(envelope) === undefined) return event
    const { historyRange: _range, ...data } = envelope.data as TRecordedRequestData
    return { ...envelope, data: { ...data, messages: messages as TUniversalMessage[] } } as TEvent
  })
}

function sharedPrefixLength(earlier: readonly unknown[], later: readonly unknown[]): number {
  const limit = Math.min(earlier.length, later.length)
  let index = 0
  while (index < limit && sameMessage(earlier[index], later[index])) index++
  return index
}

function sameMessage(left: unknown, right: unknown): boolean {
  if (left === right) return true
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false
  return canonicalMessageJson(left) === canonicalMessageJson(right)
}
