import { startTransition, useEffect, useRef, useState } from 'react'

/**
 * `value`, passed on at most once per `intervalMs`: a change within the interval waits for its
 * end, and the latest value always arrives. With `intervalMs` 0 or less the value passes at once.
 * Late values render as a transition, so a panel that follows a stream yields to the browser.
 */
export function useThrottledValue<T>(value: T, intervalMs: number): T {
  const [shown, setShown] = useState(value)
  const lastShownAt = useRef(Number.NEGATIVE_INFINITY)
  const throttled = intervalMs > 0
  useEffect(() => {
    if (!throttled || Object.is(value, shown)) return
    const wait = lastShownAt.current + intervalMs - performance.now()
    const show = () => {
      lastShownAt.current = performance.now()
      startTransition(() => setShown(() => value))
    }
    if (wait <= 0) {
      show()
      return
    }
    const timer = setTimeout(show, wait)
    return () => clearTimeout(timer)
  }, [throttled, value, shown, intervalMs])
  return throttled ? shown : value
}
