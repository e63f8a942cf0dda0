import { afterEach, describe, expect, it, vi } from 'vitest'
import { whenIdle } from './when-idle.ts'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('whenIdle', () => {
  it('asks the browser for an idle moment, bounded by the timeout, and can be cancelled', () => {
    const asked: Array<{ timeout: number | undefined }> = []
    const cancelled: number[] = []
    let idle: (() => void) | undefined
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout?: number }) => {
      idle = callback
      asked.push({ timeout: options?.timeout })
      return 7
    })
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id))
    const task = vi.fn()
    const cancel = whenIdle(task, 1_500)
    expect(asked).toEqual([{ timeout: 1_500 }])
    expect(task).not.toHaveBeenCalled()
    idle?.()
    expect(task).toHaveBeenCalledTimes(1)
    cancel()
    expect(cancelled).toEqual([7])
  })

  it('falls back to a timer where there is no requestIdleCallback', () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', undefined)
    const task = vi.fn()
    whenIdle(task, 2_000)
    vi.advanceTimersByTime(999)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(task).toHaveBeenCalledTimes(1)

    const cancelled = vi.fn()
    whenIdle(cancelled, 2_000)()
    vi.advanceTimersByTime(5_000)
    expect(cancelled).not.toHaveBeenCalled()
  })
})
