import { describe, expect, it } from 'vitest'
import { PendingWork } from './pending-work.ts'

describe('PendingWork', () => {
  it('waits for failed work as for any other, and leaves its failure to the caller alone', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const pending = new PendingWork()
      const failure = new Error('the session could not start')
      const work = pending.track(Promise.reject(failure))
      await expect(work).rejects.toBe(failure)
      await pending.whenIdle()
      // Unhandled rejections are reported after the microtasks of the turn they happened in.
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
