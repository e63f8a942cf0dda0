import { describe, expect, it } from 'vitest'
import { formatWallClock } from './wall-clock.ts'

describe('formatWallClock', () => {
  it('shows the local wall-clock time as hours, minutes and seconds', () => {
    const timestamp = new Date(2026, 10, 25, 14, 3, 7, 900).getTime()
    expect(formatWallClock(timestamp)).toBe('14:03:07')
    expect(formatWallClock(new Date(2026, 0, 1, 9, 5, 0).getTime())).toBe('09:05:00')
  })

  it('writes hours, minutes and seconds of two digits each, midnight and the last minute included', () => {
    expect(formatWallClock(new Date(2026, 10, 28, 9, 5, 7).getTime())).toBe('09:05:07')
    expect(formatWallClock(new Date(2026, 10, 28, 23, 59, 0).getTime())).toBe('23:59:00')
    expect(formatWallClock(new Date(2026, 10, 28, 0, 0, 0).getTime())).toBe('00:00:00')
  })
})
