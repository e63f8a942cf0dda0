import { describe, expect, it } from 'vitest'
import { deleteBackward, EMPTY_PROMPT, expandPastes, insertText, moveCursor, moveCursorTo, splitAtCursor } from './prompt-editor.ts'

describe('prompt editor', () => {
  it('moves over CJK characters and emoji one at a time', () => {
    let state = insertText(EMPTY_PROMPT, '日本語😀')
    expect(state.cursor).toBe(4)
    state = moveCursor(state, -2)
    expect(splitAtCursor(state)).toEqual({ before: '日本', under: '語', after: '😀' })
    state = insertText(state, 'の')
    expect(state.text).toBe('日本の語😀')
    state = deleteBackward(moveCursorTo(state, 'end'))
    expect(state.text).toBe('日本の語')
  })

  it('collapses a long paste into a placeholder, deletes it whole, and submits what was pasted', () => {
    const pasted = Array.from({ length: 12 }, (_, index) => `line ${index + 1}`).join('\r\n')
    let state = insertText(insertText(EMPTY_PROMPT, 'Review this: '), pasted)
    expect(state.text).toBe('Review this: [Pasted text #1 +12 lines]')
    expect(expandPastes(state)).toBe(`Review this: ${pasted.replaceAll('\r\n', '\n')}`)
    state = deleteBackward(state)
    expect(state.text).toBe('Review this: ')
    expect(state.pastes).toEqual({})
  })

  it('keeps a short paste inline', () => {
    expect(insertText(EMPTY_PROMPT, 'two\nlines').text).toBe('two\nlines')
  })
})
