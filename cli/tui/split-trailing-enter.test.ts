import { describe, expect, it } from 'vitest'
import { splitTrailingEnter } from './split-trailing-enter.ts'

describe('splitTrailingEnter', () => {
  it.each([
    { input: 'list the files\r', typed: 'list the files' },
    { input: 'list the files\n', typed: 'list the files' },
    { input: 'list the files\r\n', typed: 'list the files' },
    { input: '파일 목록 🙂\r', typed: '파일 목록 🙂' },
    { input: '/sync\r', typed: '/sync' },
    { input: 'a line ending in \\\r', typed: 'a line ending in \\' }
  ])('reads $input as typed text then Enter', ({ input, typed }) => {
    expect(splitTrailingEnter(input)).toBe(typed)
  })

  it.each(['\r', '\n', 'no enter', 'first\rsecond\r', 'first\nsecond\n', 'first\r\nsecond', 'text\r\r', 'text\n\n'])(
    'leaves %j to the editor: a lone key, plain text or a pasted block',
    (input) => {
      expect(splitTrailingEnter(input)).toBeUndefined()
    }
  )
})
