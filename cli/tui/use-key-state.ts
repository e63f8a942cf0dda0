import { useRef, useState } from 'react'

/**
 * State that key presses read and change. Keys can arrive faster than renders (fast typing, a
 * paste, a script), and Ink re-subscribes `useInput`'s handler only in an effect after each
 * render, so a key read before that would see the state as the last render drew it rather than as
 * the key before it left it. `current()` is the latter; `shown` is what the last render drew.
 */
export function useKeyState<T>(initial: T): { shown: T; current: () => T; set: (next: T) => void } {
  const [shown, setShown] = useState(initial)
  const latest = useRef(initial)
  return {
    shown,
    current: () => latest.current,
    set: (next) => {
      latest.current = next
      setShown(next)
    }
  }
}
