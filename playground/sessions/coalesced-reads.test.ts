import { describe, expect, it } from 'vitest'
import { coalesceReads } from './coalesced-reads.ts'

function controlledReads() {
  const pending: Array<{ resolve: () => void; reject: (error: Error) => void }> = []
  let started = 0
  const read = () => {
    started++
    return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }))
  }
  const settle = async (how: 'resolve' | 'reject' = 'resolve') => {
    const next = pending.shift()
    if (how === 'resolve') next?.resolve()
    else next?.reject(new Error('read failed'))
    // The wrapper's `finally` runs a few microtasks later.
    for (let step = 0; step < 5; step++) await Promise.resolve()
  }
  return { read, settle, started: () => started }
}

describe('coalesceReads', () => {
  it('reads once more after the running read, however many calls came while it ran', async () => {
    const reads = controlledReads()
    const reread = coalesceReads(reads.read)
    reread()
    reread()
    reread()
    reread()
    expect(reads.started()).toBe(1)
    await reads.settle()
    expect(reads.started()).toBe(2)
    await reads.settle()
    expect(reads.started()).toBe(2)
  })

  it('reads again at once when called after the last read ended, and goes on after a failed read', async () => {
    const reads = controlledReads()
    const reread = coalesceReads(reads.read)
    reread()
    await reads.settle('reject')
    reread()
    expect(reads.started()).toBe(2)
    reread()
    await reads.settle()
    expect(reads.started()).toBe(3)
  })
})
