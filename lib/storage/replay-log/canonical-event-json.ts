import canonicalize from 'canonicalize'
import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'

/** The canonical JSON of a value (RFC 8785: sorted keys, fixed number form). */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value)
  if (text === undefined) throw new TypeError('canonicalJson: the value has no JSON form.')
  return text
}

// A history message is never changed once committed (a new one replaces it), and every request of
// a long session carries the same message objects again: each is made canonical once.
const canonicalMessages = new WeakMap<object, string>()

/** The canonical JSON of one history message, computed once per message object. */
export function canonicalMessageJson(message: unknown): string {
  if (typeof message !== 'object' || message === null) return message === undefined ? 'null' : canonicalJson(message)
  const known = canonicalMessages.get(message)
  if (known !== undefined) return known
  const text = canonicalJson(message)
  canonicalMessages.set(message, text)
  return text
}

const MESSAGES_PLACEHOLDER = '\u0000robota:messages\u0000'

/**
 * The canonical JSON of a replay event, exactly as `canonicalJson(event)` gives it; a
 * `provider_request`'s messages are joined from each message's cached form, so hashing the
 * request of a long session does not make its whole history canonical again.
 */
export function canonicalEventJson(event: TExecutionEventEnvelope): string {
  const data = event.data as { messages?: unknown } | undefined
  if (event.type !== 'provider_request' || !Array.isArray(data?.messages)) return canonicalJson(event)
  const text = canonicalJson({ ...event, data: { ...data, messages: MESSAGES_PLACEHOLDER } })
  const placeholder = JSON.stringify(MESSAGES_PLACEHOLDER)
  const at = text.indexOf(placeholder)
  // The placeholder must stand once, where the messages go; a request that happens to carry it elsewhere takes the long way.
  if (at < 0 || text.indexOf(placeholder, at + 1) >= 0) return canonicalJson(event)
  const messages = `[${(data.messages as unknown[]).map(canonicalMessageJson).join(',')}]`
  return text.slice(0, at) + messages + text.slice(at + placeholder.length)
}
