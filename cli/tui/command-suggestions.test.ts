import { describe, expect, it } from 'vitest'
import { parseSlashCommand, suggestCommands } from './command-suggestions.ts'

const commands = [
  { name: 'compact', description: 'c' },
  { name: 'cost', description: 'c' },
  { name: 'mode', description: 'm' }
]

describe('slash commands', () => {
  it.each([
    { text: '/', names: ['compact', 'cost', 'mode'] },
    { text: '/co', names: ['compact', 'cost'] },
    { text: '/CO', names: ['compact', 'cost'] },
    { text: '/cost ', names: [] },
    { text: 'co', names: [] },
    { text: '/x', names: [] }
  ])('suggests for "$text"', ({ text, names }) => {
    expect(suggestCommands(text, commands).map((command) => command.name)).toEqual(names)
  })

  it.each([
    { text: '/mode plan', parsed: { name: 'mode', args: 'plan' } },
    { text: '  /cost  ', parsed: { name: 'cost', args: '' } },
    { text: '/compact keep the\ntest names', parsed: { name: 'compact', args: 'keep the\ntest names' } },
    { text: 'plain prompt', parsed: undefined },
    { text: '/', parsed: undefined }
  ])('parses "$text"', ({ text, parsed }) => {
    expect(parseSlashCommand(text)).toEqual(parsed)
  })
})
