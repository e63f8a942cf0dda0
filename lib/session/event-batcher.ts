/** Delivers a batch; a returned promise is awaited before the next batch goes out. */
export type TBatchSink<TItem> = (items: TItem[]) => void | Promise<void>

/**
 * Collects items and delivers them at most once per `intervalMs`, in order, one batch at a
 * time, so a stream of thousands of tokens crosses a worker boundary as a few messages.
 * `flush()` delivers what is pending at once (at the end of a turn, say).
 */
export class EventBatcher<TItem> {
  private pending: TItem[] = []
  private timer: ReturnType<typeof setTimeout> | undefined
  private delivering: Promise<void> = Promise.resolve()

  constructor(
    private readonly sink: TBatchSink<TItem>,
    private readonly intervalMs = 16
  ) {}

  /** Queues one item. */
  push(item: TItem): void {
    this.pending.push(item)
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs)
  }

  /** Delivers everything queued so far; resolves once the sink has taken it. */
  flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    const batch = this.pending
    this.pending = []
    if (batch.length > 0) {
      // Chained so batches never overtake each other even when the sink is slow.
      this.delivering = this.delivering.then(() => this.sink(batch)).catch(() => undefined)
    }
    return this.delivering
  }
}
