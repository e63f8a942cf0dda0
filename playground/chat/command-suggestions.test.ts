import { describe, expect, it } from 'vitest'
import type { ICommand } from '../../lib/session/commands/command-types.ts'
import { isCommandLine, isEmptyPrompt, suggestCommands } from './command-suggestions.ts'

const commands: ICommand[] = [
  { name: 'help', description: 'Show available commands', origin: 'builtin' },
  { name: 'clear', description: 'Clear conversation history', origin: 'builtin' },
  { name: 'compact', description: 'Compress the context window', origin: 'builtin' },
  { name: 'Review', description: 'Review a path', origin: 'skill' }
]

describe('suggestCommands', () => {
  it.each([
    ['/', ['help', 'clear', 'compact', 'Review']],
    ['/c', ['clear', 'compact']],
    ['/COM', ['compact']],
    ['/rev', ['Review']],
    ['/zzz', []]
  ])('%s suggests %j', (text, names) => {
    expect(suggestCommands(commands, text)?.map((command) => command.name)).toEqual(names)
  })

  it.each(['', 'hello', '/compact now', ' /help', 'a/b'])('%j is no command name being typed', (text) => {
    expect(suggestCommands(commands, text)).toBeUndefined()
  })
})

describe('isCommandLine', () => {
  it.each([
    ['/help', true],
    ['  /compact keep tests ', true],
    ['/', false],
    ['//comment', false],
    ['what does /help do?', false]
  ])('%j → %s', (text, expected) => {
    expect(isCommandLine(text)).toBe(expected)
  })
})

describe('isEmptyPrompt', () => {
  it.each([
    ['', true],
    ['  \n', true],
    ['/', true],
    [' / ', true],
    ['/help', false],
    ['/ what is this?', false],
    ['//', false],
    ['hi', false]
  ])('%j → %s', (text, expected) => {
    expect(isEmptyPrompt(text)).toBe(expected)
  })
})
