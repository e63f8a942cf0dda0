import { describe, expect, it } from 'vitest'
import { formatRatio, formatSpread, formatValue } from './format-units.ts'

describe('table number formats', () => {
  it.each([
    [27.4, 'microseconds', '27.4 µs'],
    [1_234_567, 'deltas-per-second', '1.23 M/s'],
    [412_345, 'deltas-per-second', '412 k/s'],
    [31_164, 'bytes', '31.2 KB'],
    [2_090_000, 'bytes', '2.09 MB'],
    [11, 'count', '11']
  ] as const)('%d %s reads %s', (value, unit, expected) => {
    expect(formatValue(value, unit)).toBe(expected)
  })

  it('prints the spread on the median’s scale', () => {
    expect(formatSpread(1_020_000, 980_000, 1_100_000, 'deltas-per-second')).toBe('1.02 M/s (0.98–1.10)')
  })

  it('prints ratios with fewer digits as they grow', () => {
    expect([0.62, 3.44, 12.3, 1945].map(formatRatio)).toEqual(['×0.62', '×3.44', '×12.3', '×1,945'])
  })
})
