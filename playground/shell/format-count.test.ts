import { describe, expect, it } from 'vitest'
import { formatCount } from './format-count.ts'

describe('formatCount', () => {
  it('writes every whole count as the English number format does, with or without separators', () => {
    const english = new Intl.NumberFormat('en')
    for (const value of [0, 7, 999, 1000, 1001, 12_345, 100_000, 999_999, 1_000_000, 1_234_567_890, Number.MAX_SAFE_INTEGER, -5, -999, -1000, -12_345, -1_000_000]) {
      expect(formatCount(value)).toBe(english.format(value))
    }
    expect(formatCount(12_345)).toBe('12,345')
  })

  it('rounds a count with a fraction', () => {
    expect(formatCount(1234.5)).toBe('1,235')
    expect(formatCount(999.4)).toBe('999')
  })
})
