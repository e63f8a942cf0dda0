/**
 * Knows whether the sandbox may have changed since a snapshot was taken: every call that can
 * change it (a command, a write, a move) counts as a change when it starts and again when it ends.
 * A snapshot asked for with no change since the last one can reuse that one's id instead of a
 * cloud `createSnapshot()`.
 */
export class E2BChangeTracker {
  private version = 0
  private running = 0
  private latest: { id: string; version: number } | undefined

  /** Runs a call that may change the sandbox. */
  async changing<TResult>(work: () => Promise<TResult>): Promise<TResult> {
    this.version++
    this.running++
    try {
      return await work()
    } finally {
      this.running--
      this.version++
    }
  }

  /** The id of the last snapshot when nothing may have changed since it was taken; else `undefined`. */
  unchangedSnapshot(): string | undefined {
    return this.running === 0 && this.latest?.version === this.version ? this.latest.id : undefined
  }

  /** Where the sandbox stood when a snapshot started, to pass to `remember` once it has an id. */
  get mark(): number {
    return this.version
  }

  /** Remembers a snapshot (or a restore) that captured the sandbox as it stood at `mark`. */
  remember(id: string, mark: number): void {
    if (this.running === 0) this.latest = { id, version: mark }
  }
}
