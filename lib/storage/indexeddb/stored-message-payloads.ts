import jsSHA from 'jssha/sha256'
import { StorageError } from '../../core/errors.ts'
import { canonicalJson } from '../replay-log/hash-chain.ts'
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
 * The events as they are stored, each long message replaced by a reference, and the messages to
 * store apart, by hash. Events are copied where they change; the input is left alone.
 */
export function extractMessagePayloads(events: readonly TStoredReplayEvent[]): { events: TStoredReplayEvent[]; payloads: Map<string, unknown> } {
  const payloads = new Map<string, unknown>()
  const apart = (message: unknown): unknown => {
    if (typeof message !== 'object' || message === null) return message
    const text = canonicalJson(message)
    if (text.length < SHORTEST_STORED_APART) return message
    const hash = sha256(text)
    payloads.set(hash, message)
    return `sha256:${hash}` satisfies TMessageReference
  }
  const stored = events.map((event) => mapMessages(event, (message) => apart(message)))
  return { events: stored, payloads }
}

/**
 * The events with every reference replaced by its stored message.
 * @throws StorageError naming the event whose message is not stored.
 */
export function resolveMessagePayloads(events: readonly unknown[], payloads: ReadonlyMap<string, unknown>, sessionId: string): unknown[] {
  return events.map((event) =>
    mapMessages(event, (message) => {
      if (typeof message !== 'string' || !message.startsWith('sha256:')) return message
      const hash = message.slice('sha256:'.length)
      const stored = payloads.get(hash)
      if (stored === undefined) {
        const seq = (event as { seq?: unknown }).seq
        throw new StorageError(`Replay event seq ${String(seq)} of session "${sessionId}" refers to a message that is not stored (${message})`, {
          details: { sessionId, seq, hash }
        })
      }
      return stored
    })
  )
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

function sha256(text: string): string {
  const sha = new jsSHA('SHA-256', 'TEXT', { encoding: 'UTF8' })
  sha.update(text)
  return sha.getHash('HEX')
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
