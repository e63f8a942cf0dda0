/** Delivers a batch; a returned promise is awaited before the next batch goes out. */
export type TBatchSink<TItem> = (items: TItem[]) => void | Promise<void>

/**
 * Collects items and delivers them at most once per `intervalMs`, in order, one batch at a
 * time, so a stream of thousands of tokens crosses a worker boundary as a few messages. The
 * interval counts from the last batch sent: after a quiet spell an item leaves with the next task,
 * and under a steady stream each batch leaves `intervalMs` after the one before.
 * `flush()` delivers what is pending at once (at the end of a turn, say).
 */
export class EventBatcher<TItem> {
  private pending: TItem[] = []
  private timer: ReturnType<typeof setTimeout> | undefined
  private delivering: Promise<void> = Promise.resolve()
  private lastSentAt = Number.NEGATIVE_INFINITY

  constructor(
    private readonly sink: TBatchSink<TItem>,
    private readonly intervalMs = 16
  ) {}

  /** Queues one item. */
  push(item: TItem): void {
    this.pending.push(item)
    if (this.timer !== undefined) return
    // Never 0 ms: items produced in the same task still leave together.
    const wait = Math.max(1, this.lastSentAt + this.intervalMs - performance.now())
    this.timer = setTimeout(() => void this.flush(), wait)
  }

  /** Delivers everything queued so far; resolves once the sink has taken it. */
  flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    const batch = this.pending
    this.pending = []
    if (batch.length > 0) {
      this.lastSentAt = performance.now()
      // Chained so batches never overtake each other even when the sink is slow.
      this.delivering = this.delivering.then(() => this.sink(batch)).catch(() => undefined)
    }
    return this.delivering
  }
}
