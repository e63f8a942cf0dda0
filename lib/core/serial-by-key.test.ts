import { describe, expect, it } from 'vitest'
import { SerialByKey } from './serial-by-key.ts'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('SerialByKey', () => {
  it('runs one key’s calls one at a time in the order made, and other keys beside them', async () => {
    const queue = new SerialByKey()
    const log: string[] = []
    const step = (name: string, pauses: number) => async () => {
      log.push(`${name} start`)
      for (let pause = 0; pause < pauses; pause++) await tick()
      log.push(`${name} end`)
      return name
    }
    const results = await Promise.all([queue.run('a', step('a1', 3)), queue.run('a', step('a2', 1)), queue.run('b', step('b1', 1))])
    expect(results).toEqual(['a1', 'a2', 'b1'])
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'))
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'))
  })

  it('starts the next call after one that failed, passes the failure to its own caller, and keeps nothing once idle', async () => {
    const queue = new SerialByKey()
    const failed = queue.run('a', async () => {
      await tick()
      throw new Error('first failed')
    })
    const next = queue.run('a', async () => 'second ran')
    await expect(failed).rejects.toThrow('first failed')
    await expect(next).resolves.toBe('second ran')
    await tick()
    expect(queue.busyKeys).toBe(0)
  })
})
