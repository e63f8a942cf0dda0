import { describe, expect, it } from 'vitest'
import { summarizeArguments } from './tool-result.ts'

describe('summarizeArguments', () => {
  it('heads a call with its meaningful argument: the command, the file, a subagent’s description', () => {
    expect(summarizeArguments('Bash', { command: 'ls -la', description: 'List the files' })).toBe('ls -la')
    expect(summarizeArguments('Read', { filePath: 'README.md' })).toBe('README.md')
    expect(summarizeArguments('Agent', { description: 'explore the workspace', prompt: 'Look around the workspace and report. '.repeat(10) })).toBe('explore the workspace')
  })

  it('falls back to the arguments as JSON, cut to one line', () => {
    expect(summarizeArguments('lookup', { word: 'robota' })).toBe('{"word":"robota"}')
    expect(summarizeArguments('lookup', { text: 'x'.repeat(200) })).toHaveLength(120)
  })
})
