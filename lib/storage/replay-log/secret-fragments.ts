import { createSecretValuePattern, REDACTED } from './redact-secrets.ts'

// A shorter piece of a secret at a fragment's edge reveals nothing of it, and would match too often.
const SHORTEST_PIECE = 4

/** Key-shaped secrets written out whole in any string of `value`. */
export function findSecretValues(value: unknown): string[] {
  const found = new Set<string>()
  const pattern = createSecretValuePattern()
  forEachString(value, (text) => {
    pattern.lastIndex = 0
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) found.add(match[0])
  })
  return [...found]
}

/**
 * A copy of `value` whose strings lose the pieces of `secrets` at their edges: a secret's start at
 * a string's end (replaced by the marker), a secret's end at a string's start, or the whole string
 * when it lies inside a secret. For fragments of a stream, such as a tool call's arguments, where
 * a secret is cut between events and no event holds it whole.
 */
export function scrubSecretFragments<TValue>(value: TValue, secrets: readonly string[]): TValue {
  if (secrets.length === 0) return value
  return mapStrings(value, (text) => scrubText(text, secrets)) as TValue
}

function scrubText(text: string, secrets: readonly string[]): string {
  let scrubbed = text
  for (const secret of secrets) {
    if (scrubbed.length < SHORTEST_PIECE) break
    if (secret.includes(scrubbed)) return ''
    const head = longestSecretStartAtEnd(scrubbed, secret)
    if (head > 0) scrubbed = scrubbed.slice(0, -head) + REDACTED
    const tail = longestSecretEndAtStart(scrubbed, secret)
    if (tail > 0) scrubbed = scrubbed.slice(tail)
  }
  return scrubbed
}

// The length of the longest start of `secret` (shorter than it) that `text` ends with; 0 if none.
function longestSecretStartAtEnd(text: string, secret: string): number {
  const first = secret.charAt(0)
  for (let at = Math.max(0, text.length - secret.length + 1); at <= text.length - SHORTEST_PIECE; at++) {
    at = text.indexOf(first, at)
    if (at === -1 || at > text.length - SHORTEST_PIECE) return 0
    if (secret.startsWith(text.slice(at))) return text.length - at
  }
  return 0
}

// The length of the longest end of `secret` (shorter than it) that `text` starts with; 0 if none.
function longestSecretEndAtStart(text: string, secret: string): number {
  const first = text.charAt(0)
  for (let at = secret.indexOf(first, 1); at !== -1 && at <= secret.length - SHORTEST_PIECE; at = secret.indexOf(first, at + 1)) {
    if (text.startsWith(secret.slice(at))) return secret.length - at
  }
  return 0
}

function forEachString(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') return visit(value)
  if (value === null || typeof value !== 'object') return
  for (const entry of Array.isArray(value) ? value : Object.values(value)) forEachString(entry, visit)
}

// `value` with its strings changed; the same object wherever nothing in it changed, since most
// events hold no piece of a secret and every delta's native event passes through here.
function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value)
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    const mapped = value.map((entry) => mapStrings(entry, change))
    return mapped.every((entry, index) => entry === value[index]) ? value : mapped
  }
  let copy: Record<string, unknown> | undefined
  for (const [key, entry] of Object.entries(value)) {
    const mapped = mapStrings(entry, change)
    if (mapped === entry) continue
    copy ??= { ...value }
    copy[key] = mapped
  }
  return copy ?? value
}
