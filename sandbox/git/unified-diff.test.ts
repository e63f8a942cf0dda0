import { describe, expect, it } from 'vitest'
import { diffLines, formatHunks, splitLines } from './unified-diff.ts'

const numbered = (count: number): string => Array.from({ length: count }, (_, index) => `line ${index + 1}\n`).join('')

describe('formatHunks', () => {
  it.each([
    ['no change', 'a\nb\n', 'a\nb\n', ''],
    ['one line replaced', 'a\nb\nc\n', 'a\nB\nc\n', '@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n'],
    ['a new file', '', 'x\ny\n', '@@ -0,0 +1,2 @@\n+x\n+y\n'],
    ['a deleted file', 'only\n', '', '@@ -1 +0,0 @@\n-only\n'],
    ['a line appended', 'a\n', 'a\nb\n', '@@ -1 +1,2 @@\n a\n+b\n'],
    [
      'two distant changes in two hunks with three lines of context',
      numbered(20),
      numbered(20).replace('line 2\n', 'line two\n').replace('line 18\n', 'line eighteen\n'),
      '@@ -1,5 +1,5 @@\n line 1\n-line 2\n+line two\n line 3\n line 4\n line 5\n' +
        '@@ -15,6 +15,6 @@\n line 15\n line 16\n line 17\n-line 18\n+line eighteen\n line 19\n line 20\n'
    ],
    [
      'two near changes merged into one hunk',
      numbered(8),
      numbered(8).replace('line 2\n', 'two\n').replace('line 7\n', 'seven\n'),
      '@@ -1,8 +1,8 @@\n line 1\n-line 2\n+two\n line 3\n line 4\n line 5\n line 6\n-line 7\n+seven\n line 8\n'
    ]
  ])('%s', (_case, before, after, expected) => {
    expect(formatHunks(before, after)).toBe(expected)
  })
})

describe('diffLines', () => {
  it('keeps the longest common run and lists removals before additions', () => {
    expect(diffLines(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'y'])).toEqual([
      { kind: ' ', text: 'a' },
      { kind: '-', text: 'b' },
      { kind: '+', text: 'x' },
      { kind: ' ', text: 'c' },
      { kind: '-', text: 'd' },
      { kind: '+', text: 'y' }
    ])
  })

  it('falls back to a whole replacement past its size limit, still a correct diff', () => {
    const before = Array.from({ length: 2500 }, (_, index) => `old ${index}`)
    const after = Array.from({ length: 2500 }, (_, index) => `new ${index}`)
    const lines = diffLines(before, after)
    expect(lines.filter((line) => line.kind === '-').map((line) => line.text)).toEqual(before)
    expect(lines.filter((line) => line.kind === '+').map((line) => line.text)).toEqual(after)
  })

  it('splits text into lines without a phantom last line', () => {
    expect(splitLines('a\nb\n')).toEqual(['a', 'b'])
    expect(splitLines('a\nb')).toEqual(['a', 'b'])
    expect(splitLines('')).toEqual([])
  })
})
