import { describe, expect, it } from 'vitest'
import { filterInSlices } from './filter-in-slices.ts'

// A clock that moves one millisecond each time it is read: slices end after a known amount of work.
function steppingClock(): () => number {
  let time = 0
  return () => time++
}

describe('filterInSlices', () => {
  const items = Array.from({ length: 10_000 }, (_, index) => index)

  it('keeps what the filter keeps, in order, yielding between slices of bounded work', async () => {
    let yields = 0
    const kept = await filterInSlices(items, (item) => item % 3 === 0, {
      budgetMs: 8,
      now: steppingClock(),
      yieldToHost: async () => {
        yields++
      }
    })
    expect(kept).toEqual(items.filter((item) => item % 3 === 0))
    // The clock is read every 32 items and a slice ends after 8 reads: about 256 items a slice.
    expect(yields).toBeGreaterThanOrEqual(Math.floor(items.length / 300))
  })

  it('does not yield at all when the work fits one slice', async () => {
    let yields = 0
    const kept = await filterInSlices([1, 2, 3], (item) => item > 1, { now: () => 0, yieldToHost: async () => void yields++ })
    expect(kept).toEqual([2, 3])
    expect(yields).toBe(0)
  })

  it('stops at the next slice once aborted and resolves undefined', async () => {
    const controller = new AbortController()
    let visited = 0
    const kept = await filterInSlices(
      items,
      () => {
        visited++
        return true
      },
      { signal: controller.signal, budgetMs: 8, now: steppingClock(), yieldToHost: async () => controller.abort() }
    )
    expect(kept).toBeUndefined()
    expect(visited).toBeLessThan(items.length / 10)
  })
})
