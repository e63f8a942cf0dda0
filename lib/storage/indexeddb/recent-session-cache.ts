/**
 * What a store remembers about the sessions it used last, at most `capacity` of them: enough for
 * the sessions a page has open, without holding every session it ever touched.
 */
export class RecentSessionCache<TValue> {
  private readonly entries = new Map<string, TValue>()

  constructor(private readonly capacity = 16) {}

  /** The value remembered for the session, which becomes the most recently used. */
  get(sessionId: string): TValue | undefined {
    const value = this.entries.get(sessionId)
    if (value === undefined) return undefined
    this.entries.delete(sessionId)
    this.entries.set(sessionId, value)
    return value
  }

  /** Remembers `value`, forgetting the least recently used session when full. */
  set(sessionId: string, value: TValue): void {
    this.entries.delete(sessionId)
    this.entries.set(sessionId, value)
    if (this.entries.size <= this.capacity) return
    const oldest = this.entries.keys().next()
    if (!oldest.done) this.entries.delete(oldest.value)
  }

  delete(sessionId: string): void {
    this.entries.delete(sessionId)
  }
}
