import { describe, expect, it } from 'vitest'
import { EventBatcher } from './event-batcher.ts'

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

describe('EventBatcher', () => {
  it('sends the first item after a quiet spell with the next task, and items of one task together', async () => {
    const batches: number[][] = []
    const batcher = new EventBatcher<number>((items) => void batches.push(items), 50)
    batcher.push(1)
    batcher.push(2)
    expect(batches).toEqual([])
    await sleep(20)
    expect(batches).toEqual([[1, 2]])
  })

  it('under a steady stream sends at most one batch per interval, in order, losing nothing', async () => {
    const sent: Array<{ at: number; items: number[] }> = []
    const batcher = new EventBatcher<number>((items) => void sent.push({ at: performance.now(), items }), 30)
    let next = 0
    const started = performance.now()
    while (performance.now() - started < 200) {
      batcher.push(next++)
      await sleep(2)
    }
    await batcher.flush()
    expect(sent.flatMap((batch) => batch.items)).toEqual(Array.from({ length: next }, (_unused, index) => index))
    const gaps = sent.slice(1, -1).map((batch, index) => batch.at - (sent[index]?.at ?? 0))
    // Timers count whole milliseconds on a coarser clock than performance.now(): allow 2 ms.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(28)
    expect(sent.length).toBeLessThanOrEqual(Math.ceil(200 / 30) + 2)
  })

  it('waits for a slow sink before the next batch goes out', async () => {
    const order: string[] = []
    const batcher = new EventBatcher<number>(async (items) => {
      order.push(`start ${items.join(',')}`)
      await sleep(20)
      order.push(`end ${items.join(',')}`)
    }, 1)
    batcher.push(1)
    void batcher.flush()
    batcher.push(2)
    await batcher.flush()
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2'])
  })
})
