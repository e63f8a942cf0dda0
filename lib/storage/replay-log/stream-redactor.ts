import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import { MessageRedactionMemo, REDACTED, redactEventSecrets, redactSecrets } from './redact-secrets.ts'
import { findSecretValues, scrubSecretFragments } from './secret-fragments.ts'
import { StreamSecretScanner, type TSecretSpan } from './stream-secret-scanner.ts'

type TDeltaEvent = Extract<TExecutionEventEnvelope, { type: 'provider_stream_raw_delta' }>

// A delta waiting for its text to be decided: `start` is its offset in the round's text.
type TQueued = { event: TExecutionEventEnvelope; start: number }

/**
 * Redacts a run's replay events on their way out, keys cut across deltas included. A round's
 * deltas are read as one text by a {@link StreamSecretScanner}: a delta goes out once its text is
 * decided, with any piece of a secret in it replaced (`[REDACTED]` where the secret starts, nothing
 * where it continues), so the text shown is the redacted text, whole and in order. The provider's
 * native stream events carry the same text, so each waits for its delta and leaves with it,
 * scrubbed the same way. Native events that carry no text (a tool call's argument fragments) wait
 * too, until the round's response: the secrets it holds whole, and the known ones, are then cut
 * from the fragments they were split across. Any other event ends the text block and leaves as
 * `redactSecrets` makes it, with the secrets found so far searched for too.
 */
export class StreamRedactor {
  private scanner: StreamSecretScanner
  private readonly queue: TQueued[] = []
  // Secrets found in the text, searched for in every later event: a key seen once stays hidden.
  private readonly learned: string[] = []
  private readonly messages = new MessageRedactionMemo()
  // What `emit` returned for the last event let out by the `push` under way.
  private written: void | Promise<void> = undefined

  /** @param emit Takes each event redacted, in order; what it returns (a write to await) `push` hands back. */
  constructor(
    private readonly emit: (event: TExecutionEventEnvelope) => void | Promise<void>,
    private readonly secrets: readonly string[] = []
  ) {
    this.scanner = new StreamSecretScanner(secrets)
  }

  /**
   * Takes the next event of the run. Returns what `emit` returned for the last event this let
   * out, or nothing when it let none out (a delta held while its text may continue a secret).
   */
  push(event: TExecutionEventEnvelope): void | Promise<void> {
    this.written = undefined
    this.take(event)
    return this.written
  }

  private out(event: TExecutionEventEnvelope): void {
    this.written = this.emit(event)
  }

  private take(event: TExecutionEventEnvelope): void {
    if (event.type === 'provider_stream_raw_delta') return this.pushDelta(event)
    if (event.type === 'provider_native_raw_payload' && event.data.payloadKind === 'stream_event') {
      this.queue.push({ event, start: this.scanner.length })
      return
    }
    // The whole response names what its streamed fragments may hold in pieces.
    if (this.queue.length > 0) this.learnWhole(findSecretValues(event))
    this.end()
    this.out(redactEventSecrets(event, this.knownSecrets(), this.messages))
  }

  /** Ends the text block in flight and lets every held event out. */
  end(): void {
    this.scanner.end()
    this.release(this.queue.length)
    if (this.scanner.length > 0) this.scanner = new StreamSecretScanner(this.secrets)
  }

  private pushDelta(event: TDeltaEvent): void {
    // A new provider call numbers its deltas from 0 again: a new text block.
    if (event.data.sequence === 0 && this.scanner.length > 0) this.end()
    const start = this.scanner.length
    const decided = this.scanner.push(event.data.delta)
    // The common case, ordinary text with nothing held back: out as it came, without a copy.
    if (this.queue.length === 0 && decided === this.scanner.length && !this.touchesSecret(start)) return this.out(event)
    this.queue.push({ event, start })
    let ready = 0
    for (const [index, queued] of this.queue.entries()) {
      if (queued.event.type === 'provider_stream_raw_delta' && queued.start + queued.event.data.delta.length <= decided) ready = index + 1
    }
    this.release(ready)
  }

  private touchesSecret(start: number): boolean {
    const last = this.scanner.spans.at(-1)
    return last !== undefined && last.end > start
  }

  // Lets the first `count` queued events out, redacted.
  private release(count: number): void {
    if (count === 0) return
    const leaving = this.queue.splice(0, count)
    const spans = this.scanner.spans
    const replacements = new Map<string, string>()
    let text = ''
    let textStart: number | undefined
    for (const { event, start } of leaving) {
      if (event.type !== 'provider_stream_raw_delta') continue
      textStart ??= start
      text += event.data.delta
      const scrubbed = scrubDelta(event.data.delta, start, spans)
      if (scrubbed !== event.data.delta) replacements.set(event.data.delta, scrubbed)
    }
    if (textStart !== undefined) this.learn(text, textStart, spans)
    const known = this.knownSecrets()
    for (const { event, start } of leaving) {
      if (event.type !== 'provider_stream_raw_delta') {
        const redacted = redactSecrets(replacements.size > 0 ? replaceStrings(event, replacements) : event, known)
        this.out(scrubSecretFragments(redacted, known))
        continue
      }
      const delta = scrubDelta(event.data.delta, start, spans)
      this.out(delta === event.data.delta ? event : { ...event, data: { ...event.data, delta } })
    }
    this.scanner.forget(this.queue[0]?.start ?? this.scanner.decided)
  }

  // Remembers the secrets that lie wholly in `text` (which starts at offset `start`).
  private learn(text: string, start: number, spans: readonly TSecretSpan[]): void {
    for (const span of spans) {
      if (span.start < start || span.end > start + text.length) continue
      this.learnWhole([text.slice(span.start - start, span.end - start)])
    }
  }

  private learnWhole(secrets: readonly string[]): void {
    for (const secret of secrets) if (!this.learned.includes(secret)) this.learned.push(secret)
  }

  private knownSecrets(): readonly string[] {
    return this.learned.length === 0 ? this.secrets : [...this.secrets, ...this.learned]
  }
}

// The delta's own text with every piece of a secret replaced: the marker where a secret starts.
function scrubDelta(text: string, start: number, spans: readonly TSecretSpan[]): string {
  const end = start + text.length
  let scrubbed = ''
  let at = start
  for (const span of spans) {
    if (span.end <= start || span.start >= end) continue
    const from = Math.max(span.start, start)
    scrubbed += text.slice(at - start, from - start) + (span.start >= start ? REDACTED : '')
    at = Math.min(span.end, end)
  }
  return at === start ? text : scrubbed + text.slice(at - start)
}

// A copy of `value` with each string equal to, or holding, a replaced delta's text changed alike.
function replaceStrings<TValue>(value: TValue, replacements: ReadonlyMap<string, string>): TValue {
  return replaceIn(value, replacements) as TValue
}

function replaceIn(value: unknown, replacements: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') {
    const exact = replacements.get(value)
    if (exact !== undefined) return exact
    let replaced = value
    for (const [raw, scrubbed] of replacements) if (raw.length >= 8 && replaced.includes(raw)) replaced = replaced.split(raw).join(scrubbed)
    return replaced
  }
  if (Array.isArray(value)) return value.map((entry) => replaceIn(entry, replacements))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, replaceIn(entry, replacements)]))
}
