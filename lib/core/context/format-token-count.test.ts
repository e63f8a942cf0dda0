import { describe, expect, it } from 'vitest'
import { formatTokenCount } from './format-token-count.ts'

describe('formatTokenCount', () => {
  it.each<[number, string]>([
    [0, '0'],
    [950, '950'],
    [999, '999'],
    [1_000, '1K'],
    [1_500, '1.5K'],
    [16_384, '16.4K'],
    [128_000, '128K'],
    [200_000, '200K'],
    [950_000, '950K'],
    [999_960, '1M'],
    [1_000_000, '1M'],
    [1_047_576, '1M'],
    [1_500_000, '1.5M'],
    [12.6, '13']
  ])('%i → %s', (tokens, expected) => {
    expect(formatTokenCount(tokens)).toBe(expected)
  })
})
