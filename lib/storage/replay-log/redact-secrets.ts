import { REDACTED } from '../../core/redacted.ts'

export { REDACTED }

const SECRET_KEYS = /^(api[-_]?key|x[-_]api[-_]key|authorization|proxy[-_]authorization|token|access[-_]?token|refresh[-_]?token|id[-_]?token|session[-_]?token|password|passwd|secret|client[-_]?secret|private[-_]?key|cookie|set[-_]cookie)$/i

// Key-shaped strings that leak through free text: provider keys and bearer credentials.
const SECRET_VALUE_SOURCES = [
  String.raw`\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}`,
  String.raw`\be2b_[A-Za-z0-9]{16,}`,
  String.raw`\bBearer\s+[A-Za-z0-9._~+/=-]{12,}`,
  String.raw`\bBSA[A-Za-z0-9_-]{20,}`
]
const SECRET_VALUES = SECRET_VALUE_SOURCES.map((source) => new RegExp(source, 'g'))

// The shortest text any key shape matches (`sk-` and 16 characters): shorter strings are skipped.
const SHORTEST_SECRET_VALUE = 19

/** Shortest known secret searched for: shorter strings would redact ordinary words. */
export const SHORTEST_KNOWN_SECRET = 8

/**
 * Every key shape in one pattern (global), for scanning a stream: `exec` from a position finds the
 * leftmost key-shaped string after it.
 */
export function createSecretValuePattern(): RegExp {
  return new RegExp(SECRET_VALUE_SOURCES.join('|'), 'g')
}

/**
 * A pattern (global) matching, from the leftmost position, the end of a text that is the start of
 * a key shape or a key that may still grow: text that must wait for more before it is shown.
 */
export function createSecretValueStartPattern(): RegExp {
  return /\b(?:sk?|sk-[A-Za-z0-9_-]*|e(?:2(?:b(?:_[A-Za-z0-9]*)?)?)?|B(?:e(?:a(?:r(?:e(?:r(?:\s+[A-Za-z0-9._~+/=-]*)?)?)?)?)?)?|BS(?:A[A-Za-z0-9_-]*)?)$/g
}

/**
 * Replaces key-shaped secrets inside a string, and every occurrence of the `secrets` given (keys
 * the caller knows, e.g. the provider's; those shorter than {@link SHORTEST_KNOWN_SECRET} are
 * ignored).
 */
export function redactSecretText(text: string, secrets: readonly string[] = []): string {
  let redacted = text
  for (const secret of secrets) {
    if (secret.length >= SHORTEST_KNOWN_SECRET && redacted.includes(secret)) redacted = redacted.split(secret).join(REDACTED)
  }
  if (redacted.length < SHORTEST_SECRET_VALUE) return redacted
  for (const pattern of SECRET_VALUES) redacted = redacted.replace(pattern, REDACTED)
  return redacted
}

/**
 * A deep copy of `value` with secrets removed: values under secret-named keys (`apiKey`,
 * `authorization`, `x-api-key`, tokens, passwords), key-shaped strings anywhere and the known
 * `secrets` anywhere. The input is not changed. Runs before an event is stored, emitted to a page,
 * or exported.
 */
export function redactSecrets<TValue>(value: TValue, secrets: readonly string[] = []): TValue {
  return redactValue(value, secrets) as TValue
}

function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactSecretText(value, secrets)
  if (Array.isArray(value)) return value.map((entry) => redactValue(entry, secrets))
  if (value === null || typeof value !== 'object') return value
  const copy: Record<string, unknown> = {}
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    const entry = (value as Record<string, unknown>)[key]
    copy[key] = entry !== undefined && entry !== null && entry !== '' && SECRET_KEYS.test(key) ? REDACTED : redactValue(entry, secrets)
  }
  return copy
}

// Where events carry history messages: a list under `data.messages`, or one under `data.message`.
const MESSAGE_FIELDS: Record<string, 'messages' | 'message'> = {
  provider_request: 'messages',
  history_replaced: 'messages',
  history_mutation: 'message',
  assistant_message_committed: 'message',
  tool_message_committed: 'message'
}

/**
 * Redacted copies of history messages, one per message object and set of secrets. A committed
 * message never changes, and every request of a session carries the history again: with the
 * memo, each message is redacted once and the same copy stands in every event, so what reads
 * the events later (the replay log naming a request's shared history) can compare by identity.
 */
export class MessageRedactionMemo {
  private readonly copies = new WeakMap<object, { secrets: string; copy: unknown }>()

  /** The redacted copy of `message` under `secrets`, made once. */
  redact(message: unknown, secrets: readonly string[], secretsKey = secrets.join('\u0000')): unknown {
    if (typeof message !== 'object' || message === null) return redactSecrets(message, secrets)
    const known = this.copies.get(message)
    if (known !== undefined && known.secrets === secretsKey) return known.copy
    const copy = redactSecrets(message, secrets)
    this.copies.set(message, { secrets: secretsKey, copy })
    return copy
  }
}

/**
 * An event redacted as `redactSecrets` redacts it, the history messages it carries through
 * `memo` so each keeps one redacted copy across events.
 */
export function redactEventSecrets<TEvent>(event: TEvent, secrets: readonly string[], memo: MessageRedactionMemo): TEvent {
  const { type, data } = (event ?? {}) as { type?: unknown; data?: unknown }
  const field = typeof type === 'string' ? MESSAGE_FIELDS[type] : undefined
  if (field === undefined || typeof data !== 'object' || data === null || !(field in data)) return redactSecrets(event, secrets)
  const { [field]: carried, ...rest } = data as Record<string, unknown>
  const redacted = redactSecrets({ ...(event as object), data: rest }, secrets) as { data: Record<string, unknown> }
  const secretsKey = secrets.join('\u0000')
  const messages = Array.isArray(carried) ? carried.map((message) => memo.redact(message, secrets, secretsKey)) : memo.redact(carried, secrets, secretsKey)
  return { ...redacted, data: { ...redacted.data, [field]: messages } } as TEvent
}
