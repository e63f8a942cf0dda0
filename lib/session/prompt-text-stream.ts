/**
 * The text a prompt streams, built from its redacted events (so a key the model writes never
 * shows) and handed on delta by delta. Later rounds start on a new paragraph, as the loop's own
 * text callback has them. Deltas outside a prompt's run are not its text.
 */
export class PromptTextStream {
  private text = ''
  private round: number | undefined

  constructor(private readonly emit: (text: string) => void) {}

  /** The prompt's text so far. */
  get current(): string {
    return this.text
  }

  /** Forgets the previous prompt's text. */
  reset(): void {
    this.text = ''
  }

  /** Takes deltas from now on, as the prompt's run starts. */
  open(): void {
    this.round = 0
  }

  /** Takes no more deltas: the run is over. */
  close(): void {
    this.round = undefined
  }

  /** Adds a delta of round `round` (from 1). */
  add(delta: string, round = 1): void {
    if (this.round === undefined) return
    if (round > 1 && round !== this.round) this.append('\n\n')
    this.round = round
    this.append(delta)
  }

  private append(text: string): void {
    this.text += text
    this.emit(text)
  }
}
