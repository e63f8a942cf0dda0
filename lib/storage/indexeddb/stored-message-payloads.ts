import { sha256Text } from '../sha256-text.ts'
import { StorageError } from '../../core/errors.ts'
import { canonicalJson, canonicalMessageJson } from '../replay-log/canonical-event-json.ts'
import type { TStoredReplayEvent } from '../replay-log/stored-replay-event.ts'

/**
 * A message a session's events carry, stored once under the hash of its canonical JSON. Every
 * `provider_request` holds the whole history: stored inline, a long session's log would grow with
 * the square of its length; stored by reference, each message is written once.
 */
export type TStoredMessagePayload = { sessionId: string; hash: string; message: unknown }

/** What stands in an event for a message stored apart: `sha256:` and the hex hash. */
type TMessageReference = `sha256:${string}`

// Shorter messages stay inline: a reference and a payload entry would cost more than they save.
const SHORTEST_STORED_APART = 256

// Where events carry messages, by event type: a list of messages, or one message, under `data`.
const MESSAGE_LISTS: Record<string, string> = { provider_request: 'messages', history_replaced: 'messages' }
const SINGLE_MESSAGES: Record<string, string> = {
  history_mutation: 'message',
  assistant_message_committed: 'message',
  tool_message_committed: 'message'
}

/**
 * The list of messages a session's last stored `provider_request` carried, as stored (references
 * and short messages): the next request is stored as what it adds to it.
 */
export type TStoredRequestMessages = { seq: number; messages: readonly unknown[] }

/**
 * What stands in a stored `provider_request` for a history that begins like an earlier request's:
 * the first `kept` messages of the request at seq `after`, then `added`. A request names the range
 * it shares instead of repeating it, so a session's log grows with its conversation, not with the
 * square of it.
 */
export type TStoredRequestDelta = { after: number; kept: number; added: unknown[] }

/** What `extractMessagePayloads` remembers between calls: see `TStoredRequestMessages`. */
export type TPayloadExtraction = {
  events: TStoredReplayEvent[]
  payloads: Map<string, unknown>
  /** The last request the events carried, or the `previousRequest` passed in when they carried none. */
  lastRequest: TStoredRequestMessages | undefined
}

/**
 * The events as they are stored, each long message replaced by a reference, each request's
 * messages by what it adds to `previousRequest` (or to an earlier request among `events`), and
 * the messages to store apart, by hash. Events are copied where they change; the input is left
 * alone. `storedForms` caches each message's stored form by identity: a message is immutable once
 * committed, and a long session's requests carry the same objects again and again.
 */
export function extractMessagePayloads(
  events: readonly TStoredReplayEvent[],
  previousRequest?: TStoredRequestMessages,
  storedForms: WeakMap<object, unknown> = new WeakMap()
): TPayloadExtraction {
  const payloads = new Map<string, unknown>()
  const apart = (message: unknown): unknown => {
    if (typeof message !== 'object' || message === null) return message
    const known = storedForms.get(message)
    if (known !== undefined) {
      if (typeof known === 'string') payloads.set(known.slice('sha256:'.length), message)
      return known
    }
    const text = canonicalMessageJson(message)
    if (text.length < SHORTEST_STORED_APART) {
      storedForms.set(message, message)
      return message
    }
    const reference = `sha256:${sha256Text(text)}` satisfies TMessageReference
    payloads.set(reference.slice('sha256:'.length), message)
    storedForms.set(message, reference)
    return reference
  }
  let lastRequest = previousRequest
  const stored = events.map((event) => {
    const withReferences = mapMessages(event, apart)
    if (withReferences.type !== 'provider_request') return withReferences
    const list = (withReferences.data as Record<string, unknown>).messages
    if (!Array.isArray(list)) return withReferences
    const earlier = lastRequest
    lastRequest = { seq: withReferences.seq, messages: list }
    const kept = earlier ? sharedPrefixLength(earlier.messages, list) : 0
    if (!earlier || kept === 0) return withReferences
    const delta: TStoredRequestDelta = { after: earlier.seq, kept, added: list.slice(kept) }
    // The stored form, like a reference in place of a message: only `resolveMessagePayloads` reads it.
    return { ...withReferences, data: { ...withReferences.data, messages: delta } } as unknown as TStoredReplayEvent
  })
  return { events: stored, payloads, lastRequest }
}

/**
 * The events with every reference replaced by its stored message and every request delta by the
 * messages it stands for; `events` must be a session's whole log in `seq` order.
 * @throws StorageError naming the event whose message, or earlier request, is not stored.
 */
export function resolveMessagePayloads(events: readonly unknown[], payloads: ReadonlyMap<string, unknown>, sessionId: string): unknown[] {
  const requests = new Map<number, unknown[]>()
  return events.map((event) => {
    const seq = (event as { seq?: unknown }).seq
    const resolve = (message: unknown): unknown => {
      if (typeof message !== 'string' || !message.startsWith('sha256:')) return message
      const hash = message.slice('sha256:'.length)
      const stored = payloads.get(hash)
      if (stored === undefined) {
        throw new StorageError(`Replay event seq ${String(seq)} of session "${sessionId}" refers to a message that is not stored (${message})`, {
          details: { sessionId, seq, hash }
        })
      }
      return stored
    }
    const whole = expandRequestDelta(event, requests, sessionId)
    const resolved = mapMessages(whole, resolve)
    const list = requestMessages(resolved)
    if (list && typeof seq === 'number') requests.set(seq, list)
    return resolved
  })
}

/**
 * The hashes of the stored messages `events` refer to (in their lists, single messages and
 * request deltas alike), each once: what a reader of part of a log must fetch to resolve it.
 */
export function referencedPayloadHashes(events: readonly unknown[]): string[] {
  const hashes = new Set<string>()
  const note = (message: unknown): unknown => {
    if (typeof message === 'string' && message.startsWith('sha256:')) hashes.add(message.slice('sha256:'.length))
    return message
  }
  for (const event of events) {
    const messages = (event as { data?: { messages?: unknown } } | null)?.data?.messages
    if (isRequestDelta(messages)) messages.added.forEach(note)
    else mapMessages(event, note)
  }
  return [...hashes]
}

/**
 * The seq of the earlier request a stored request continues (its delta's `after`), or
 * `undefined` when the event is not a request stored as a delta.
 */
export function continuedRequestSeq(event: unknown): number | undefined {
  const { type, data } = (event ?? {}) as { type?: unknown; data?: { messages?: unknown } }
  return type === 'provider_request' && isRequestDelta(data?.messages) ? data.messages.after : undefined
}

/** A session's stored payload values as a map from hash to message; malformed values are skipped. */
export function toPayloadMap(values: readonly unknown[]): Map<string, unknown> {
  const map = new Map<string, unknown>()
  for (const value of values) {
    const { hash, message } = (value ?? {}) as Partial<TStoredMessagePayload>
    if (typeof hash === 'string') map.set(hash, message)
  }
  return map
}

// A copy of `event` with each message it carries changed by `change`; the event itself when it
// carries none, or none changed.
function mapMessages<TEvent>(event: TEvent, change: (message: unknown) => unknown): TEvent {
  if (typeof event !== 'object' || event === null) return event
  const { type, data } = event as { type?: unknown; data?: unknown }
  if (typeof type !== 'string' || typeof data !== 'object' || data === null) return event
  const listKey = MESSAGE_LISTS[type]
  const singleKey = SINGLE_MESSAGES[type]
  const fields = data as Record<string, unknown>
  if (listKey !== undefined && Array.isArray(fields[listKey])) {
    const list = fields[listKey] as unknown[]
    const changed = list.map(change)
    if (changed.every((message, index) => message === list[index])) return event
    return { ...event, data: { ...fields, [listKey]: changed } }
  }
  if (singleKey !== undefined && singleKey in fields) {
    const changed = change(fields[singleKey])
    return changed === fields[singleKey] ? event : { ...event, data: { ...fields, [singleKey]: changed } }
  }
  return event
}

// How many leading entries two stored message lists share (references compare as text, short
// inline messages by their canonical JSON).
function sharedPrefixLength(earlier: readonly unknown[], later: readonly unknown[]): number {
  const limit = Math.min(earlier.length, later.length)
  let index = 0
  while (index < limit && sameStoredMessage(earlier[index], later[index])) index++
  return index
}

function sameStoredMessage(left: unknown, right: unknown): boolean {
  if (left === right) return true
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false
  return canonicalJson(left) === canonicalJson(right)
}

function isRequestDelta(value: unknown): value is TStoredRequestDelta {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const { after, kept, added } = value as Partial<TStoredRequestDelta>
  return typeof after === 'number' && typeof kept === 'number' && Array.isArray(added)
}

function requestMessages(event: unknown): unknown[] | undefined {
  const { type, data } = (event ?? {}) as { type?: unknown; data?: { messages?: unknown } }
  return type === 'provider_request' && Array.isArray(data?.messages) ? data.messages : undefined
}

// The event with a request delta replaced by the (still referenced) messages it stands for.
function expandRequestDelta(event: unknown, requests: ReadonlyMap<number, unknown[]>, sessionId: string): unknown {
  const { type, data, seq } = (event ?? {}) as { type?: unknown; data?: Record<string, unknown>; seq?: unknown }
  if (type !== 'provider_request' || !isRequestDelta(data?.messages)) return event
  const delta = data.messages
  const earlier = requests.get(delta.after)
  if (!earlier || earlier.length < delta.kept) {
    throw new StorageError(
      `Replay event seq ${String(seq)} of session "${sessionId}" continues the request at seq ${delta.after}, which is not stored`,
      { details: { sessionId, seq, after: delta.after } }
    )
  }
  return { ...(event as object), data: { ...data, messages: [...earlier.slice(0, delta.kept), ...delta.added] } }
}
