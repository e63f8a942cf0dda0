import { Box, Text, useInput } from 'ink'
import type { ReactNode } from 'react'
import { useKeyState } from './use-key-state.ts'
import { suggestCommands, type TCommandChoice } from './command-suggestions.ts'
import {
  deleteBackward,
  deleteForward,
  EMPTY_PROMPT,
  expandPastes,
  insertText,
  moveCursor,
  moveCursorTo,
  promptWithText,
  splitAtCursor,
  type TPromptEditorState
} from './prompt-editor.ts'
import { splitTrailingEnter } from './split-trailing-enter.ts'

/** What the prompt line needs from the screen around it. */
export type TPromptInputProps = {
  /** Earlier prompts, oldest first: Up and Down walk through them. */
  history: readonly string[]
  commands: readonly TCommandChoice[]
  isActive: boolean
  onSubmit: (text: string) => void
}

/** What the prompt line holds: the text being edited, the highlighted suggestion, the place in history. */
type TPromptLine = {
  readonly editor: TPromptEditorState
  readonly highlighted: number
  /** Which earlier prompt Up/Down brought back, or `undefined` while typing a new one. */
  readonly historyIndex: number | undefined
}

const EMPTY_LINE: TPromptLine = { editor: EMPTY_PROMPT, highlighted: 0, historyIndex: undefined }

/** The highlighted suggestion's index, kept inside the list as it shrinks. */
function highlightIn(highlighted: number, suggestions: readonly TCommandChoice[]): number {
  return Math.min(highlighted, Math.max(0, suggestions.length - 1))
}

/**
 * The prompt line: typing (CJK and emoji included), a long paste shown as a placeholder, `\`
 * then Enter for a new line, Up/Down through earlier prompts, and slash-command completion
 * (Up/Down pick, Tab completes, Enter runs the highlighted command).
 */
export function PromptInput({ history, commands, isActive, onSubmit }: TPromptInputProps): ReactNode {
  const line = useKeyState<TPromptLine>(EMPTY_LINE)
  const { shown } = line
  const update = (next: Partial<TPromptLine>) => line.set({ ...line.current(), ...next })
  const edit = (editor: TPromptEditorState) => update({ editor, highlighted: 0 })

  const submitFrom = (editor: TPromptEditorState, offered: readonly TCommandChoice[]) => {
    const chosen = offered[highlightIn(line.current().highlighted, offered)]
    const typedName = editor.text.slice(1)
    const text = chosen && !offered.some((command) => command.name === typedName) ? `/${chosen.name}` : expandPastes(editor)
    if (text.trim() === '') return
    update({ editor: EMPTY_PROMPT, highlighted: 0, historyIndex: undefined })
    onSubmit(text)
  }

  const pressEnter = (editor: TPromptEditorState) => {
    if (splitAtCursor(editor).before.endsWith('\\')) return edit(insertText(deleteBackward(editor), '\n'))
    return submitFrom(editor, suggestCommands(editor.text, commands))
  }

  useInput(
    (input, key) => {
      const { editor, historyIndex, highlighted } = line.current()
      const suggestions = suggestCommands(editor.text, commands)
      const highlight = highlightIn(highlighted, suggestions)
      // Typed text and Enter can arrive in one read (fast typing, a terminal driven by a script):
      // the same as the keys one by one.
      const typed = splitTrailingEnter(input)
      if (typed !== undefined) {
        edit(insertText(editor, typed))
        return pressEnter(line.current().editor)
      }
      if (key.return) return pressEnter(editor)
      if (key.tab) {
        const chosen = suggestions[highlight]
        if (chosen) edit(promptWithText(`/${chosen.name} `))
        return
      }
      if (key.upArrow || key.downArrow) {
        if (suggestions.length > 0) {
          update({ highlighted: (highlight + (key.upArrow ? suggestions.length - 1 : 1)) % suggestions.length })
          return
        }
        if (history.length === 0) return
        const current = historyIndex ?? history.length
        const next = key.upArrow ? Math.max(0, current - 1) : current + 1
        if (next >= history.length) update({ editor: EMPTY_PROMPT, highlighted: 0, historyIndex: undefined })
        else update({ editor: promptWithText(history[next] as string), highlighted: 0, historyIndex: next })
        return
      }
      if (key.leftArrow) return update({ editor: moveCursor(editor, -1) })
      if (key.rightArrow) return update({ editor: moveCursor(editor, 1) })
      if (key.home || (key.ctrl && input === 'a')) return update({ editor: moveCursorTo(editor, 'start') })
      if (key.end || (key.ctrl && input === 'e')) return update({ editor: moveCursorTo(editor, 'end') })
      if (key.ctrl && input === 'u') return edit(EMPTY_PROMPT)
      // Terminals send DEL (0x7f) for Backspace, which Ink names `delete`: both erase backwards.
      if (key.backspace || key.delete) return edit(deleteBackward(editor))
      if (key.ctrl && input === 'd') return edit(deleteForward(editor))
      if (key.escape || key.ctrl || key.meta || input === '') return
      edit(insertText(editor, input))
    },
    { isActive }
  )

  const suggestions = suggestCommands(shown.editor.text, commands)
  const highlight = highlightIn(shown.highlighted, suggestions)
  const { before, under, after } = splitAtCursor(shown.editor)
  return (
    <Box flexDirection="column">
      <Box borderStyle="round" borderColor={isActive ? 'gray' : 'blackBright'} paddingX={1}>
        <Text color="cyan">❯ </Text>
        <Text>
          {before}
          <Text inverse>{under === '\n' ? ' ' : under}</Text>
          {under === '\n' ? '\n' : ''}
          {after}
        </Text>
      </Box>
      {suggestions.length > 0 ? (
        <Box flexDirection="column" paddingX={2}>
          {suggestions.map((command, index) => (
            <Text key={command.name} {...(index === highlight ? { color: 'cyan' } : {})}>
              {index === highlight ? '❯ ' : '  '}/{command.name}
              <Text dimColor> {command.description}</Text>
            </Text>
          ))}
        </Box>
      ) : null}
    </Box>
  )
}
