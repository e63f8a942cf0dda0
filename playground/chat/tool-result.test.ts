import { describe, expect, it } from 'vitest'
import { summarizeArguments, toShownToolResult } from './tool-result.ts'

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

describe('toShownToolResult', () => {
  it('reads a built-in tool’s JSON result: its output, exit code and failure', () => {
    const content = JSON.stringify({ success: false, output: 'no such file', exitCode: 1 })
    expect(toShownToolResult({ content, state: 'complete' })).toEqual({ output: 'no such file', failed: true, stopped: false, exitCode: 1, startLine: undefined })
  })

  it('says a message marked interrupted was stopped, whatever its content says', () => {
    expect(toShownToolResult({ content: 'Error: request aborted', state: 'interrupted' })).toMatchObject({ failed: true, stopped: true })
    expect(toShownToolResult({ content: JSON.stringify({ success: true, output: 'partial' }), state: 'interrupted' })).toMatchObject({ failed: false, stopped: true })
  })

  it('reads a stop from the wording of messages stored without the marker, and not from any text that mentions one', () => {
    expect(toShownToolResult({ content: 'Error: Execution interrupted by user', state: 'complete' }).stopped).toBe(true)
    expect(toShownToolResult({ content: JSON.stringify({ success: false, output: '', error: 'Command was interrupted (exit code 130)' }), state: 'complete' })).toMatchObject({ output: 'Command was interrupted (exit code 130)', stopped: true })
    expect(toShownToolResult({ content: 'The build was interrupted twice last week.', state: 'complete' })).toMatchObject({ failed: false, stopped: false })
  })
})
