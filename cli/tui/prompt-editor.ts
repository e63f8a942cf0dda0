/** The prompt line's text and cursor; the cursor counts code points, so CJK and emoji move as one. */
export type TPromptEditorState = { text: string; cursor: number; pastes: Record<string, string> }

/** Pasted text longer than this (in characters) or with more lines is shown as a placeholder. */
export const PASTE_COLLAPSE_CHARACTERS = 200
export const PASTE_COLLAPSE_LINES = 3

/** An empty prompt line. */
export const EMPTY_PROMPT: TPromptEditorState = { text: '', cursor: 0, pastes: {} }

/** Inserts typed or pasted text at the cursor; a long paste becomes a placeholder the submit expands. */
export function insertText(state: TPromptEditorState, input: string): TPromptEditorState {
  const normalized = input.replace(/\r\n?/g, '\n')
  const lineCount = normalized.split('\n').length
  if (normalized.length > PASTE_COLLAPSE_CHARACTERS || lineCount > PASTE_COLLAPSE_LINES) {
    const number = Object.keys(state.pastes).length + 1
    const placeholder = `[Pasted text #${number} +${lineCount} lines]`
    return { ...place(state, placeholder), pastes: { ...state.pastes, [placeholder]: normalized } }
  }
  return place(state, normalized)
}

function place(state: TPromptEditorState, inserted: string): TPromptEditorState {
  const characters = Array.from(state.text)
  const added = Array.from(inserted)
  characters.splice(state.cursor, 0, ...added)
  return { ...state, text: characters.join(''), cursor: state.cursor + added.length }
}

/** Deletes the character before the cursor (a whole placeholder when the cursor ends one). */
export function deleteBackward(state: TPromptEditorState): TPromptEditorState {
  if (state.cursor === 0) return state
  const characters = Array.from(state.text)
  const before = characters.slice(0, state.cursor).join('')
  const placeholder = Object.keys(state.pastes).find((candidate) => before.endsWith(candidate))
  const removed = placeholder ? Array.from(placeholder).length : 1
  characters.splice(state.cursor - removed, removed)
  const pastes = { ...state.pastes }
  if (placeholder) delete pastes[placeholder]
  return { text: characters.join(''), cursor: state.cursor - removed, pastes }
}

/** Deletes the character under the cursor. */
export function deleteForward(state: TPromptEditorState): TPromptEditorState {
  const characters = Array.from(state.text)
  if (state.cursor >= characters.length) return state
  characters.splice(state.cursor, 1)
  return { ...state, text: characters.join('') }
}

/** Moves the cursor by `delta` code points, within the text. */
export function moveCursor(state: TPromptEditorState, delta: number): TPromptEditorState {
  const length = Array.from(state.text).length
  return { ...state, cursor: Math.max(0, Math.min(length, state.cursor + delta)) }
}

/** Moves the cursor to the start or the end of the text. */
export function moveCursorTo(state: TPromptEditorState, where: 'start' | 'end'): TPromptEditorState {
  return { ...state, cursor: where === 'start' ? 0 : Array.from(state.text).length }
}

/** A prompt line holding `text`, the cursor at its end. */
export function promptWithText(text: string): TPromptEditorState {
  return { text, cursor: Array.from(text).length, pastes: {} }
}

/** The text to submit: every paste placeholder replaced by what was pasted. */
export function expandPastes(state: TPromptEditorState): string {
  let text = state.text
  for (const [placeholder, content] of Object.entries(state.pastes)) text = text.split(placeholder).join(content)
  return text
}

/** The text split at the cursor, for display. */
export function splitAtCursor(state: TPromptEditorState): { before: string; under: string; after: string } {
  const characters = Array.from(state.text)
  return {
    before: characters.slice(0, state.cursor).join(''),
    under: characters[state.cursor] ?? ' ',
    after: characters.slice(state.cursor + 1).join('')
  }
}
