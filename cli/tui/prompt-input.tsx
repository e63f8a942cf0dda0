import { Box, Text, useInput } from 'ink'
import { useState, type ReactNode } from 'react'
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

/** What the prompt line needs from the screen around it. */
export type TPromptInputProps = {
  /** Earlier prompts, oldest first: Up and Down walk through them. */
  history: readonly string[]
  commands: readonly TCommandChoice[]
  isActive: boolean
  onSubmit: (text: string) => void
}

/**
 * The prompt line: typing (CJK and emoji included), a long paste shown as a placeholder, `\`
 * then Enter for a new line, Up/Down through earlier prompts, and slash-command completion
 * (Up/Down pick, Tab completes, Enter runs the highlighted command).
 */
export function PromptInput({ history, commands, isActive, onSubmit }: TPromptInputProps): ReactNode {
  const [state, setState] = useState<TPromptEditorState>(EMPTY_PROMPT)
  const [historyIndex, setHistoryIndex] = useState<number | undefined>(undefined)
  const [highlighted, setHighlighted] = useState(0)
  const suggestions = suggestCommands(state.text, commands)
  const highlight = Math.min(highlighted, Math.max(0, suggestions.length - 1))

  const edit = (next: TPromptEditorState) => {
    setState(next)
    setHighlighted(0)
  }

  const submitFrom = (current: TPromptEditorState, shown: readonly TCommandChoice[]) => {
    const chosen = shown[highlight]
    const typedName = current.text.slice(1)
    const text = chosen && !shown.some((command) => command.name === typedName) ? `/${chosen.name}` : expandPastes(current)
    if (text.trim() === '') return
    edit(EMPTY_PROMPT)
    setHistoryIndex(undefined)
    onSubmit(text)
  }

  useInput(
    (input, key) => {
      // Typed text and Enter can arrive in one read (fast typing, a terminal driven by a script).
      const typedThenEnter = /^[^\r\n]+\r$/.exec(input)
      if (typedThenEnter) return submitFrom(insertText(state, input.slice(0, -1)), [])
      if (key.return) {
        const before = splitAtCursor(state).before
        if (before.endsWith('\\')) return edit(insertText(deleteBackward(state), '\n'))
        return submitFrom(state, suggestions)
      }
      if (key.tab) {
        const chosen = suggestions[highlight]
        if (chosen) edit(promptWithText(`/${chosen.name} `))
        return
      }
      if (key.upArrow || key.downArrow) {
        if (suggestions.length > 0) {
          setHighlighted((highlight + (key.upArrow ? suggestions.length - 1 : 1)) % suggestions.length)
          return
        }
        if (history.length === 0) return
        const current = historyIndex ?? history.length
        const next = key.upArrow ? Math.max(0, current - 1) : current + 1
        if (next >= history.length) {
          setHistoryIndex(undefined)
          edit(EMPTY_PROMPT)
        } else {
          setHistoryIndex(next)
          edit(promptWithText(history[next] as string))
        }
        return
      }
      if (key.leftArrow) return setState(moveCursor(state, -1))
      if (key.rightArrow) return setState(moveCursor(state, 1))
      if (key.home || (key.ctrl && input === 'a')) return setState(moveCursorTo(state, 'start'))
      if (key.end || (key.ctrl && input === 'e')) return setState(moveCursorTo(state, 'end'))
      if (key.ctrl && input === 'u') return edit(EMPTY_PROMPT)
      // Terminals send DEL (0x7f) for Backspace, which Ink names `delete`: both erase backwards.
      if (key.backspace || key.delete) return edit(deleteBackward(state))
      if (key.ctrl && input === 'd') return edit(deleteForward(state))
      if (key.escape || key.ctrl || key.meta || input === '') return
      edit(insertText(state, input))
    },
    { isActive }
  )

  const { before, under, after } = splitAtCursor(state)
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
