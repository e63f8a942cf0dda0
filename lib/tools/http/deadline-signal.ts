/** An abort signal that fires on a deadline or when the caller's own signal does. */
export type TDeadlineSignal = {
  signal: AbortSignal
  /** True once the deadline (not the caller) stopped the request. */
  timedOut(): boolean
  /** Clears the timer; call it when the request is done. */
  dispose(): void
}

/** Combines a timeout with an optional caller signal, remembering which of the two fired. */
export function createDeadlineSignal(timeoutMs: number, callerSignal?: AbortSignal): TDeadlineSignal {
  const controller = new AbortController()
  let expired = false
  const timer = setTimeout(() => {
    expired = true
    controller.abort(new DOMException(`Timed out after ${timeoutMs} ms`, 'TimeoutError'))
  }, timeoutMs)
  const forward = (): void => controller.abort(callerSignal?.reason)
  if (callerSignal?.aborted) forward()
  else callerSignal?.addEventListener('abort', forward, { once: true })
  return {
    signal: controller.signal,
    timedOut: () => expired,
    dispose: () => {
      clearTimeout(timer)
      callerSignal?.removeEventListener('abort', forward)
    }
  }
}
