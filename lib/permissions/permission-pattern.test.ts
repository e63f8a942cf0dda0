import { describe, expect, it } from 'vitest'
import { isRobotaError } from '../core/errors.ts'
import { parsePermissionPattern, parsePermissionPatterns } from './permission-pattern.ts'

describe('parsePermissionPattern', () => {
  it.each([
    ['Bash', { source: 'Bash', toolName: 'Bash' }],
    ['  Read  ', { source: 'Read', toolName: 'Read' }],
    ['Bash(ls -la)', { source: 'Bash(ls -la)', toolName: 'Bash', argument: 'ls -la' }],
    ['Bash( ls )', { source: 'Bash( ls )', toolName: 'Bash', argument: 'ls' }],
    ['Bash(echo (hi))', { source: 'Bash(echo (hi))', toolName: 'Bash', argument: 'echo (hi)' }],
    ['Read(/src/**)', { source: 'Read(/src/**)', toolName: 'Read', argument: '/src/**' }],
    ['mcp__server__tool', { source: 'mcp__server__tool', toolName: 'mcp__server__tool' }],
    ['mcp__server__*(x)', { source: 'mcp__server__*(x)', toolName: 'mcp__server__*', argument: 'x' }]
  ])('parses %s', (pattern, expected) => {
    expect(parsePermissionPattern(pattern)).toEqual(expected)
  })

  it.each([
    ['Bash(ls', 'the "(" is never closed'],
    ['Bash(ls) now', 'there is text after the closing ")"'],
    ['Bash)', 'it has a ")" without an opening "("'],
    ['(ls)', 'the tool name before "(" is missing'],
    ['', 'the pattern is empty'],
    ['   ', 'the pattern is empty'],
    ['Bash()', 'the argument is empty; write "Bash" to match every call'],
    ['Bash(   )', 'the argument is empty; write "Bash" to match every call'],
    ['Bash (ls)', '"Bash " is not a tool name'],
    ['Ba/sh', '"Ba/sh" is not a tool name'],
    ['Bash(:*)', 'the ":*" prefix form needs a prefix before it']
  ])('rejects %j: %s', (pattern, reason) => {
    let thrown: unknown
    try {
      parsePermissionPattern(pattern)
    } catch (error) {
      thrown = error
    }
    expect(isRobotaError(thrown)).toBe(true)
    expect((thrown as Error).message).toBe(`Malformed permission pattern "${pattern}": ${reason}.`)
    expect((thrown as { code: string }).code).toBe('CONFIGURATION_ERROR')
  })

  it('rejects a list at load time, naming the malformed pattern', () => {
    expect(() => parsePermissionPatterns(['Bash(ls)', 'Bash(ls', 'Read'])).toThrow(/"Bash\(ls"/)
  })
})
