/**
 * Runs work one call at a time per key, in the order the calls were made: a call for a key starts
 * once every earlier call for that key has settled, a failed one included. Calls for other keys
 * run side by side. What is kept for a key is let go once its last call settles.
 */
export class SerialByKey {
  private readonly tails = new Map<string, Promise<unknown>>()

  /** Runs `work` after the earlier work for `key`; settles as `work` does. */
  run<TValue>(key: string, work: () => Promise<TValue>): Promise<TValue> {
    const next = (this.tails.get(key) ?? Promise.resolve()).then(work)
    const settled = next.catch(() => undefined)
    this.tails.set(key, settled)
    void settled.then(() => {
      if (this.tails.get(key) === settled) this.tails.delete(key)
    })
    return next
  }

  /** How many keys have work queued or running. */
  get busyKeys(): number {
    return this.tails.size
  }
}
