import { describe, expect, it } from 'vitest'
import { truncateMiddle } from './truncate-middle.ts'

describe('truncateMiddle', () => {
  it('leaves text within the cap alone', () => {
    expect(truncateMiddle('short', 5)).toBe('short')
  })

  it('keeps the head and the tail and counts what it cut', () => {
    const text = `${'a'.repeat(100)}${'b'.repeat(100)}`
    const cut = truncateMiddle(text, 80)
    expect(cut).toBe(`${'a'.repeat(21)}\n\n... [158 characters truncated] ...\n\n${'b'.repeat(21)}`)
    expect(cut).toHaveLength(80)
    expect(cut.length).toBeLessThanOrEqual(80)
  })

  it('never splits a surrogate pair', () => {
    const cut = truncateMiddle('🌍'.repeat(100), 60)
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/)
    expect(cut.length).toBeLessThanOrEqual(60)
  })
})
