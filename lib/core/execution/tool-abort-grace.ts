/** How long a tool call may go on after an abort before the turn stops waiting for it. */
export const TOOL_ABORT_GRACE_MS = 1_000

/** What `outlastsAbort` settles with: the call was given up on. */
export const GIVEN_UP = Symbol('given up')

/**
 * Settles with `GIVEN_UP` once `signal` has been aborted for `graceMs`: a tool that honours the
 * signal returns its own (partial) result within that time, one that ignores it does not hold the
 * turn. `stop` ends the wait when the call settled first, leaving no timer or listener behind.
 */
export function outlastsAbort(signal: AbortSignal, graceMs: number = TOOL_ABORT_GRACE_MS): { givenUp: Promise<typeof GIVEN_UP>; stop: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined
  let onAbort: (() => void) | undefined
  const givenUp = new Promise<typeof GIVEN_UP>((resolve) => {
    onAbort = () => (timer = setTimeout(() => resolve(GIVEN_UP), graceMs))
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
  })
  return {
    givenUp,
    stop: () => {
      if (onAbort) signal.removeEventListener('abort', onAbort)
      if (timer !== undefined) clearTimeout(timer)
    }
  }
}
