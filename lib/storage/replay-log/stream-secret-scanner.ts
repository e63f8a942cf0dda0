import { createSecretValuePattern, createSecretValueStartPattern, SHORTEST_KNOWN_SECRET } from './redact-secrets.ts'

// Every key shape starts with one of these letters at a word's start (a piece's first letter is
// checked too, since the word may have begun in the piece before).
const KEY_SHAPE_START = String.raw`(?:^|[^A-Za-z0-9_])[seB]`

const LONGEST_HELD = 8_192

/** Where a secret lies in a stream of text: offsets from the stream's first character. */
export type TSecretSpan = { start: number; end: number }

/**
 * Finds secrets in text that arrives in pieces (a model's deltas), where a key may be cut
 * anywhere. Text is decided up to the leftmost point where a key could still be starting (a key
 * shape's beginning, a key that may grow, or the beginning of a known secret); the rest waits for
 * the next piece or for `end()`. Ordinary text costs one scan of the new piece.
 */
export class StreamSecretScanner {
  private readonly valuePattern = createSecretValuePattern()
  private readonly startPattern = createSecretValueStartPattern()
  private readonly secrets: readonly string[]
  // Matches a piece in which a secret could start; a piece without a match needs no scan.
  private readonly mayStart: RegExp
  private readonly found: TSecretSpan[] = []
  private held = ''
  private heldStart = 0
  // The last decided character: a key shape must start at a word boundary.
  private before = ''

  constructor(secrets: readonly string[] = []) {
    this.secrets = secrets.filter((secret) => secret.length >= SHORTEST_KNOWN_SECRET)
    const firsts = [...new Set(this.secrets.map((secret) => secret.charAt(0).replace(/[\\^\]-]/g, '\\$&')))].join('')
    this.mayStart = new RegExp(firsts === '' ? KEY_SHAPE_START : `${KEY_SHAPE_START}|[${firsts}]`)
  }

  /** How much text has arrived. */
  get length(): number {
    return this.heldStart + this.held.length
  }

  /** Everything before this offset is decided: its secrets are in `spans`. */
  get decided(): number {
    return this.heldStart
  }

  /** The secrets found so far, in order, merged where they touch. */
  get spans(): readonly TSecretSpan[] {
    return this.found
  }

  /** Adds the next piece of text; returns the offset decided up to. */
  push(text: string): number {
    // Nothing held, and no word in the piece starts like a key shape or a known secret: decided.
    if (this.held === '' && !this.mayStart.test(text)) {
      this.heldStart += text.length
      if (text !== '') this.before = text.charAt(text.length - 1)
      return this.heldStart
    }
    this.scan(this.before + this.held + text, false)
    // No key is this long: a run of key characters this long is decided as it stands (and
    // redacted whole when it has a key's shape), so held text and its rescans stay bounded.
    if (this.held.length > LONGEST_HELD) this.scan(this.before + this.held, true)
    return this.heldStart
  }

  /** The text has ended: decides what was still held back. */
  end(): number {
    if (this.held !== '') this.scan(this.before + this.held, true)
    return this.heldStart
  }

  /** Drops spans that end at or before `offset`, once nothing there can be asked for again. */
  forget(offset: number): void {
    let drop = 0
    while (drop < this.found.length && (this.found[drop]?.end ?? 0) <= offset) drop++
    if (drop > 0) this.found.splice(0, drop)
  }

  private scan(window: string, final: boolean): void {
    const from = this.before.length
    const base = this.heldStart - from
    const hold = final ? window.length : this.openStart(window, from)
    for (const span of this.matches(window, from, hold)) this.record(base + span.start, base + span.end)
    this.held = window.slice(hold)
    this.heldStart = base + hold
    if (hold > 0) this.before = window.charAt(hold - 1)
  }

  // The leftmost position from which the rest of `window` may yet become a secret.
  private openStart(window: string, from: number): number {
    let open = window.length
    this.startPattern.lastIndex = from
    const shape = this.startPattern.exec(window)
    if (shape) open = shape.index
    for (const secret of this.secrets) {
      const first = secret.charAt(0)
      for (let index = Math.max(from, window.length - secret.length + 1); index < open; index++) {
        if (window.charAt(index) === first && secret.startsWith(window.slice(index))) {
          open = index
          break
        }
      }
    }
    return open
  }

  // Secrets starting in [from, before) of `window`, in window offsets.
  private matches(window: string, from: number, before: number): TSecretSpan[] {
    const spans: TSecretSpan[] = []
    this.valuePattern.lastIndex = from
    for (let match = this.valuePattern.exec(window); match && match.index < before; match = this.valuePattern.exec(window)) {
      spans.push({ start: match.index, end: match.index + match[0].length })
    }
    for (const secret of this.secrets) {
      for (let index = window.indexOf(secret, from); index !== -1 && index < before; index = window.indexOf(secret, index + 1)) {
        spans.push({ start: index, end: index + secret.length })
      }
    }
    return spans.sort((left, right) => left.start - right.start)
  }

  private record(start: number, end: number): void {
    const last = this.found.at(-1)
    if (last && start <= last.end) last.end = Math.max(last.end, end)
    else this.found.push({ start, end })
  }
}
