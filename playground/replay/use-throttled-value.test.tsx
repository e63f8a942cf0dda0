// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useThrottledValue } from './use-throttled-value.ts'

afterEach(() => {
  vi.useRealTimers()
})

describe('useThrottledValue', () => {
  it('passes the first change at once, holds later ones until the interval ends, then shows the latest', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    const { result, rerender } = renderHook(({ value }) => useThrottledValue(value, 200), { initialProps: { value: 1 } })
    expect(result.current).toBe(1)
    await act(async () => rerender({ value: 2 }))
    expect(result.current).toBe(2)
    await act(async () => rerender({ value: 3 }))
    await act(async () => rerender({ value: 4 }))
    expect(result.current).toBe(2)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(199)
    })
    expect(result.current).toBe(2)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1)
    })
    expect(result.current).toBe(4)
  })

  it('passes every value at once when the interval is 0, and the held value when throttling stops', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    const { result, rerender } = renderHook(({ value, interval }) => useThrottledValue(value, interval), { initialProps: { value: 'a', interval: 500 } })
    await act(async () => rerender({ value: 'b', interval: 500 }))
    await act(async () => rerender({ value: 'c', interval: 500 }))
    expect(result.current).toBe('b')
    await act(async () => rerender({ value: 'd', interval: 0 }))
    expect(result.current).toBe('d')
    await act(async () => rerender({ value: 'e', interval: 0 }))
    expect(result.current).toBe('e')
  })
})
