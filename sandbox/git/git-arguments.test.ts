import { describe, expect, it } from 'vitest'
import { defineGitCommand, GitUsageFailure, parseGitArguments } from './git-arguments.ts'

const syntax = defineGitCommand('git example', '[-a] [-q] [-m <message>...] [-n <count>] [<path>...]', {
  all: { names: ['-a', '--all'] },
  quiet: { names: ['-q', '--quiet'] },
  message: { names: ['-m', '--message'], takesValue: true },
  count: { names: ['-n', '--max-count'], takesValue: true, numericShorthand: true }
})

describe('parseGitArguments', () => {
  it.each([
    { args: ['-a', '-q'], options: { all: true, quiet: true, message: [], count: [] }, positionals: [] },
    { args: ['-aq'], options: { all: true, quiet: true, message: [], count: [] }, positionals: [] },
    { args: ['-am', 'fix'], options: { all: true, quiet: false, message: ['fix'], count: [] }, positionals: [] },
    { args: ['-mfix', '--message=body', '--message', 'more'], options: { all: false, quiet: false, message: ['fix', 'body', 'more'], count: [] }, positionals: [] },
    { args: ['a.txt', '--all', 'b.txt'], options: { all: true, quiet: false, message: [], count: [] }, positionals: ['a.txt', 'b.txt'] },
    { args: ['-3'], options: { all: false, quiet: false, message: [], count: ['3'] }, positionals: [] },
    { args: ['-n2', '--max-count=5'], options: { all: false, quiet: false, message: [], count: ['2', '5'] }, positionals: [] },
    { args: ['-m', '-q'], options: { all: false, quiet: false, message: ['-q'], count: [] }, positionals: [] },
    { args: ['-'], options: { all: false, quiet: false, message: [], count: [] }, positionals: ['-'] }
  ])('parses $args', ({ args, options, positionals }) => {
    expect(parseGitArguments(syntax, args)).toEqual({ options, positionals, afterSeparator: undefined })
  })

  it('stops at --: what follows is paths, even when it looks like an option', () => {
    expect(parseGitArguments(syntax, ['-q', 'HEAD', '--', '-a', 'file'])).toEqual({
      options: { all: false, quiet: true, message: [], count: [] },
      positionals: ['HEAD'],
      afterSeparator: ['-a', 'file']
    })
  })

  it.each([
    { args: ['--stat'], message: "unknown option '--stat'" },
    { args: ['-x'], message: "unknown option '-x'" },
    { args: ['-qx'], message: "unknown option '-x' (in '-qx')" },
    { args: ['--quiet=1'], message: "option '--quiet' takes no value" },
    { args: ['-m'], message: "option '-m' requires a value" },
    { args: ['--message'], message: "option '--message' requires a value" }
  ])('refuses $args: $message', ({ args, message }) => {
    const failure = (() => {
      try {
        parseGitArguments(syntax, args)
      } catch (error) {
        return error
      }
      return undefined
    })()
    expect(failure).toBeInstanceOf(GitUsageFailure)
    expect(failure).toMatchObject({ message, exitCode: 129, usage: 'usage: git example [-a] [-q] [-m <message>...] [-n <count>] [<path>...]' })
  })
})
