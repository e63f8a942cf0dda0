import { describe, expect, it } from 'vitest'
import { formatTokens } from './format-tokens.ts'

describe('formatTokens', () => {
  it.each([[999, '999'], [1234, '1.2k'], [200_000, '200k'], [1_047_576, '1.05M']])('formats %d as %s', (tokens, text) => {
    expect(formatTokens(tokens)).toBe(text)
  })
})
