const ABORTED = Symbol('aborted')

/**
 * Iterates a stream until it ends or `signal` aborts. A pending `next()` is raced against the
 * abort, so a stalled stream still stops at once; the source is closed with `return()`.
 */
export async function* streamWithAbort<TEvent>(source: AsyncIterable<TEvent>, signal: AbortSignal | undefined): AsyncGenerator<TEvent, void, undefined> {
  const iterator = source[Symbol.asyncIterator]()
  if (!signal) {
    for (let step = await iterator.next(); !step.done; step = await iterator.next()) yield step.value
    return
  }
  // Each step gets its own promise that the abort can settle. Racing every step against one
  // long-lived abort promise would leave a reaction on it per step, holding every streamed
  // value until the stream ends.
  let wake: ((value: typeof ABORTED) => void) | undefined
  // A flag, not `signal.aborted` on every step: Node's getter validates its receiver each time.
  let aborted = signal.aborted
  const onAbort = () => {
    aborted = true
    wake?.(ABORTED)
  }
  signal.addEventListener('abort', onAbort, { once: true })
  try {
    while (!aborted) {
      const next = iterator.next()
      const step = await new Promise<IteratorResult<TEvent> | typeof ABORTED>((resolve, reject) => {
        wake = resolve
        next.then(resolve, reject)
      })
      wake = undefined
      if (step === ABORTED || step.done || aborted) break
      yield step.value
    }
  } finally {
    signal.removeEventListener('abort', onAbort)
    // Closing the source releases its network stream. It is not awaited: an async generator
    // queues return() behind a pending next(), which a stalled stream never settles.
    void Promise.resolve(iterator.return?.()).catch(() => undefined)
  }
}
