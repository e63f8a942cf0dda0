/** How `filterInSlices` shares the thread. */
export type TSliceOptions = {
  /** Stops the work at the next slice; the promise then resolves `undefined`. */
  signal?: AbortSignal
  /** Most milliseconds of work before giving the thread back; 8 unless told. */
  budgetMs?: number
  /** The clock the budget is measured on; `performance.now` unless told. */
  now?: () => number
  /** Gives the thread back and resolves when work may go on. */
  yieldToHost?: () => Promise<void>
}

const ITEMS_BETWEEN_CLOCK_READS = 32

/**
 * Keeps the items `keep` accepts, in order, working in slices of at most `budgetMs` and yielding
 * between them, so filtering a long list never holds the main thread long enough to be a long task.
 */
export async function filterInSlices<T>(items: readonly T[], keep: (item: T) => boolean, options: TSliceOptions = {}): Promise<T[] | undefined> {
  const { signal, budgetMs = 8, now = () => performance.now(), yieldToHost = yieldToBrowser } = options
  const kept: T[] = []
  let sliceStart = now()
  for (let index = 0; index < items.length; index++) {
    if (index % ITEMS_BETWEEN_CLOCK_READS === 0 && now() - sliceStart >= budgetMs) {
      await yieldToHost()
      if (signal?.aborted) return undefined
      sliceStart = now()
    }
    const item = items[index] as T
    if (keep(item)) kept.push(item)
  }
  return signal?.aborted ? undefined : kept
}

type TSchedulerWithYield = { yield?: () => Promise<void> }

function yieldToBrowser(): Promise<void> {
  // `scheduler.yield` resumes ahead of other tasks; where it is missing a timer lets input run first.
  const scheduler = (globalThis as { scheduler?: TSchedulerWithYield }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
