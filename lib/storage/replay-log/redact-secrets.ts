/** What a redacted secret is replaced with. */
export const REDACTED = '[REDACTED]'

const SECRET_KEYS = /^(api[-_]?key|x[-_]api[-_]key|authorization|proxy[-_]authorization|token|access[-_]?token|refresh[-_]?token|id[-_]?token|session[-_]?token|password|passwd|secret|client[-_]?secret|private[-_]?key|cookie|set[-_]cookie)$/i

// Key-shaped strings that leak through free text: provider keys and bearer credentials.
const SECRET_VALUES = [
  /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}/g,
  /\be2b_[A-Za-z0-9]{16,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]{12,}/g,
  /\bBSA[A-Za-z0-9_-]{20,}/g
]

/** Replaces key-shaped secrets inside a string. */
export function redactSecretText(text: string): string {
  let redacted = text
  for (const pattern of SECRET_VALUES) redacted = redacted.replace(pattern, REDACTED)
  return redacted
}

/**
 * A deep copy of `value` with secrets removed: values under secret-named keys (`apiKey`,
 * `authorization`, `x-api-key`, tokens, passwords) and key-shaped strings anywhere. The input is
 * not changed. Runs before an event is stored, emitted to a page, or exported.
 */
export function redactSecrets<TValue>(value: TValue): TValue {
  return redactValue(value) as TValue
}

function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactSecretText(value)
  if (Array.isArray(value)) return value.map(redactValue)
  if (value === null || typeof value !== 'object') return value
  const copy: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(value)) {
    copy[key] = SECRET_KEYS.test(key) && entry !== undefined && entry !== null && entry !== '' ? REDACTED : redactValue(entry)
  }
  return copy
}
