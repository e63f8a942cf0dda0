import { describe, expect, it } from 'vitest'
import { diffTextLines, MAX_DIFF_LINES } from './line-diff.ts'

const add = (content: string, lineNumber: number) => ({ type: 'add', content, lineNumber })
const remove = (content: string, lineNumber: number) => ({ type: 'remove', content, lineNumber })
const context = (content: string, lineNumber: number) => ({ type: 'context', content, lineNumber })

describe('diffTextLines', () => {
  it.each([
    ['equal texts', 'a\nb\n', 'a\nb\n', []],
    ['a new file', '', 'one\ntwo\n', [add('one', 1), add('two', 2)]],
    ['an emptied file', 'one\n', '', [remove('one', 1)]],
    ['one line changed', 'a\nb\nc\n', 'a\nB\nc\n', [context('a', 1), remove('b', 2), add('B', 2), context('c', 3)]],
    ['a line inserted', 'a\nc\n', 'a\nb\nc\n', [context('a', 1), add('b', 2), context('c', 3)]],
    ['lines apart', 'x\n1\n2\n3\n4\n5\n6\n7\n8\ny\n', 'X\n1\n2\n3\n4\n5\n6\n7\n8\nY\n', [
      remove('x', 1), add('X', 1), context('1', 2), context('2', 3), context('3', 4),
      context('6', 7), context('7', 8), context('8', 9), remove('y', 10), add('Y', 10)
    ]]
  ])('%s', (_label, before, after, expected) => {
    expect(diffTextLines(before, after)).toEqual(expected)
  })

  it('cuts a long change at MAX_DIFF_LINES', () => {
    const lines = Array.from({ length: MAX_DIFF_LINES + 50 }, (_, index) => `line ${index}`).join('\n')
    expect(diffTextLines('', lines)).toHaveLength(MAX_DIFF_LINES)
  })
})
