import { describe, expect, it } from 'vitest'
import { runToolBatch } from './run-tool-batch.ts'

function tracked(delays: number[]) {
  let active = 0
  let peak = 0
  const order: number[] = []
  const job = async (index: number) => {
    active++
    peak = Math.max(peak, active)
    await new Promise((resolve) => setTimeout(resolve, delays[index]))
    active--
    order.push(index)
    return `result ${index}`
  }
  return { job, peak: () => peak, order }
}

describe('runToolBatch', () => {
  it.each([
    { mode: 'sequential' as const, maxConcurrency: undefined, peak: 1 },
    { mode: 'parallel' as const, maxConcurrency: undefined, peak: 4 },
    { mode: 'parallel' as const, maxConcurrency: 2, peak: 2 },
    { mode: 'parallel' as const, maxConcurrency: 0, peak: 1 },
    { mode: 'parallel' as const, maxConcurrency: -3, peak: 1 }
  ])('$mode with maxConcurrency $maxConcurrency runs at most $peak at once, results in request order', async ({ mode, maxConcurrency, peak }) => {
    const probe = tracked([30, 5, 20, 1])
    const options = maxConcurrency === undefined ? { mode } : { mode, maxConcurrency }
    const results = await runToolBatch(4, options, probe.job)
    expect(results).toEqual(['result 0', 'result 1', 'result 2', 'result 3'])
    expect(probe.peak()).toBe(peak)
  })

  it('finishes faster jobs first in parallel but still reports in request order', async () => {
    const probe = tracked([25, 1])
    const results = await runToolBatch(2, { mode: 'parallel' }, probe.job)
    expect(probe.order).toEqual([1, 0])
    expect(results).toEqual(['result 0', 'result 1'])
  })

  it('handles an empty batch', async () => {
    expect(await runToolBatch(0, { mode: 'parallel' }, async () => 1)).toEqual([])
  })
})
