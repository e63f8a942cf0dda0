/** Keeps track of started prompts and commands, so leaving waits until they are stored. */
export class PendingWork {
  private readonly running = new Set<Promise<unknown>>()

  /** Tracks `work` until it settles, and returns it: a failure is the caller's to handle on `work`. */
  track<TValue>(work: Promise<TValue>): Promise<TValue> {
    const tracked: Promise<unknown> = work.then(settled, settled).finally(() => this.running.delete(tracked))
    this.running.add(tracked)
    return work
  }

  /** Resolves once everything tracked has settled, including work started meanwhile. */
  async whenIdle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running])
  }
}

function settled(): void {}
