import canonicalize from 'canonicalize'
import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'

/**
 * The canonical JSON of a value (RFC 8785: sorted keys, fixed number form). RFC 8785 has no form
 * for NaN, ±Infinity or a lone surrogate, which a tool or a scripted model can still put in an
 * event: such a value is made canonical as its JSON text reads back (numbers as `null`, as
 * `JSON.stringify` writes them; lone surrogates as U+FFFD), so the event is stored and an exported
 * log that is imported again verifies.
 */
export function canonicalJson(value: unknown): string {
  let text: string | undefined
  try {
    text = canonicalize(value)
  } catch {
    text = canonicalize(asJsonReadsBack(value))
  }
  if (text === undefined) throw new TypeError('canonicalJson: the value has no JSON form.')
  return text
}

const LONE_SURROGATE = /\p{Cs}/gu

function asJsonReadsBack(value: unknown): unknown {
  const text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' ? item.replace(LONE_SURROGATE, '\uFFFD') : item))
  return text === undefined ? undefined : JSON.parse(text)
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
