// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useRevealedCount } from './use-revealed-count.ts'

describe('useRevealedCount', () => {
  it('shows pieces that arrive a few at a time at once, and a flood of them a few more each frame', async () => {
    const seen: number[] = []
    const { result, rerender } = renderHook(({ total }) => {
      const revealed = useRevealedCount(total, 4)
      seen.push(revealed)
      return revealed
    }, { initialProps: { total: 1 } })
    expect(result.current).toBe(1)
    rerender({ total: 3 })
    expect(result.current).toBe(3)
    rerender({ total: 7 })
    expect(result.current).toBe(7)

    seen.length = 0
    rerender({ total: 30 })
    expect(result.current).toBe(11)
    await waitFor(() => expect(result.current).toBe(30))
    const steps = seen.slice(1).map((count, index) => count - (seen[index] as number))
    expect(Math.max(...steps)).toBeLessThanOrEqual(4)
    expect(new Set(seen)).toEqual(new Set([11, 15, 19, 23, 27, 30]))
  })

  it('starts a long text with a frame\'s worth of pieces, and follows a text that shrinks at once', async () => {
    const { result, rerender } = renderHook(({ total }) => useRevealedCount(total, 4), { initialProps: { total: 12 } })
    expect(result.current).toBe(4)
    await waitFor(() => expect(result.current).toBe(12))
    rerender({ total: 2 })
    expect(result.current).toBe(2)
  })
})
