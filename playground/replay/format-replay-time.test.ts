import { describe, expect, it } from 'vitest'
import { formatCallDuration, formatSinceTurnStart } from './format-replay-time.ts'

describe('replay times', () => {
  it.each([
    [0, '+0.0 s'],
    [1_234, '+1.2 s'],
    [59_940, '+59.9 s'],
    [125_000, '+2 min 05 s'],
    [-5, '+0.0 s']
  ])('since the turn began: %i ms → %s', (milliseconds, expected) => {
    expect(formatSinceTurnStart(milliseconds)).toBe(expected)
  })

  it.each([
    [0, '0 ms'],
    [340.4, '340 ms'],
    [1_200, '1.2 s'],
    [61_000, '1 min 01 s']
  ])('a call of %i ms → %s', (milliseconds, expected) => {
    expect(formatCallDuration(milliseconds)).toBe(expected)
  })
})
