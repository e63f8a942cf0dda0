import { describe, expect, it } from 'vitest'
import { formatClockTime } from './clock-time.ts'

describe('formatClockTime', () => {
  it('writes the local time of day as hours, minutes and seconds of two digits each', () => {
    expect(formatClockTime(new Date(2026, 10, 28, 9, 5, 7).getTime())).toBe('09:05:07')
    expect(formatClockTime(new Date(2026, 10, 28, 23, 59, 0).getTime())).toBe('23:59:00')
    expect(formatClockTime(new Date(2026, 10, 28, 0, 0, 0).getTime())).toBe('00:00:00')
  })
})
