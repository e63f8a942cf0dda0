import { describe, expect, it } from 'vitest'
import { recordSuiteTotal } from '../../lib/testing/suite-totals.ts'
import { parseCliArguments } from './parse-cli-arguments.ts'

describe('parseCliArguments', () => {
  it('reads every option', () => {
    expect(
      parseCliArguments(['-p', 'Hi', '--provider', 'openai', '-m', 'gpt-x', '--base-url', 'http://127.0.0.1:1/v1', '--max-retries', '0', '--sandbox', 'e2b', '--permission-mode', 'plan', '--sessions-dir', 'here', '--name', 'N'])
    ).toEqual({
      print: 'Hi',
      provider: 'openai',
      model: 'gpt-x',
      baseURL: 'http://127.0.0.1:1/v1',
      maxRetries: 0,
      sandbox: 'e2b',
      permissionMode: 'plan',
      sessionsDirectory: 'here',
      name: 'N',
      continueLatest: false,
      help: false,
      version: false
    })
    expect(parseCliArguments([])).toEqual({ sandbox: 'memory', continueLatest: false, help: false, version: false })
    expect(parseCliArguments(['-c']).continueLatest).toBe(true)
  })

  it.each([
    { argv: ['--api-key', 'sk-1'], error: /Unknown option '--api-key'/ },
    { argv: ['stray'], error: /Unexpected argument 'stray'/ },
    { argv: ['--permission-mode', 'yolo'], error: /--permission-mode must be one of plan, default, acceptEdits, bypassPermissions, not "yolo"/ },
    { argv: ['--base-url', 'ftp://host'], error: /--base-url must be an http:\/\/ or https:\/\/ URL/ },
    { argv: ['--max-retries=-1'], error: /--max-retries must be a whole number of 0 or more, not "-1"/ },
    { argv: ['--max-retries', 'two'], error: /--max-retries must be a whole number of 0 or more, not "two"/ },
    { argv: ['--base-url', ''], error: /--base-url must be an http:\/\/ or https:\/\/ URL, not ""/ },
    { argv: ['-p', '  '], error: /-p needs a prompt/ },
    { argv: ['-r', 'a', '-c'], error: /exclude each other/ }
  ])('refuses $argv', ({ argv, error }) => {
    expect(() => parseCliArguments(argv)).toThrow(error)
    recordSuiteTotal('cli-arguments', 'badInputs', 1)
  })
})
