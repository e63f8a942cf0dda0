import { describe, expect, it } from 'vitest'
import { extractCompactInstructions } from './compact-instructions.ts'

describe('extractCompactInstructions', () => {
  it.each([
    { case: 'no section', markdown: '# Notes\nHello', expected: undefined },
    { case: 'an empty section', markdown: '## Compact Instructions\n\n## Next', expected: undefined },
    { case: 'a section up to the next heading of its level', markdown: '# A\n## Compact Instructions\nKeep paths.\n### Detail\nAnd errors.\n## B\nNo.', expected: 'Keep paths.\n### Detail\nAnd errors.' },
    { case: 'any letter case and closing hashes', markdown: '## COMPACT instructions ##\nKeep it.', expected: 'Keep it.' },
    { case: 'a higher heading ends it', markdown: '### Compact Instructions\nKeep.\n# Top\nNo.', expected: 'Keep.' },
    { case: 'a # line inside a code fence is not a heading', markdown: '## Compact Instructions\n```sh\n# comment\n```\nKeep.', expected: '```sh\n# comment\n```\nKeep.' },
    { case: 'two sections are joined', markdown: '## Compact Instructions\nOne.\n## X\n## Compact Instructions\nTwo.', expected: 'One.\n\nTwo.' }
  ])('$case', ({ markdown, expected }) => {
    expect(extractCompactInstructions(markdown)).toBe(expected)
  })
})
