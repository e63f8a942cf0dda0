import { useEffect, useState } from 'react'

/**
 * How many of `total` pieces to show: at most `perFrame` more than the last frame showed, and one
 * frame later `perFrame` more again, until all show. Pieces that arrive a few at a time show at
 * once; a text that arrives all at once (a flood of streamed deltas in one batch, a long answer
 * opened) is rendered and laid out over a few frames instead of in one long task.
 */
export function useRevealedCount(total: number, perFrame: number): number {
  const [shown, setShown] = useState(0)
  const revealed = Math.min(total, shown + perFrame)
  useEffect(() => {
    if (revealed === total) {
      if (shown !== total) setShown(total)
      return
    }
    const frame = requestAnimationFrame(() => setShown(revealed))
    return () => cancelAnimationFrame(frame)
  }, [revealed, shown, total])
  return revealed
}
