import { describe, expect, it } from 'vitest'
import { evaluatePermission, parsePermissionLists, resolvePermission } from './permission-gate.ts'
import { MODE_POLICY, TRUST_TO_MODE, UNKNOWN_TOOL_FALLBACK } from './permission-mode.ts'
import type { TPermissionDecision, TPermissionMode, TToolArgs } from './permission-types.ts'

const sampleArgs: Record<string, TToolArgs> = {
  Bash: { command: 'ls' },
  Read: { filePath: '/workspace/a.ts' },
  Write: { filePath: '/workspace/a.ts', content: 'x' },
  Edit: { filePath: '/workspace/a.ts', oldString: 'a', newString: 'b' },
  Glob: { pattern: '**/*.ts' },
  Grep: { pattern: 'TODO' },
  WebFetch: { url: 'https://example.com' },
  WebSearch: { query: 'robota' },
  CustomTool: {}
}

// The spec's matrix: reads always auto; writes deny/approve/auto/auto; Bash deny/approve/approve/auto.
const matrix: Array<[string, TPermissionDecision, TPermissionDecision, TPermissionDecision, TPermissionDecision]> = [
  ['Read', 'auto', 'auto', 'auto', 'auto'],
  ['Glob', 'auto', 'auto', 'auto', 'auto'],
  ['Grep', 'auto', 'auto', 'auto', 'auto'],
  ['WebFetch', 'auto', 'auto', 'auto', 'auto'],
  ['WebSearch', 'auto', 'auto', 'auto', 'auto'],
  ['Write', 'deny', 'approve', 'auto', 'auto'],
  ['Edit', 'deny', 'approve', 'auto', 'auto'],
  ['Bash', 'deny', 'approve', 'approve', 'auto'],
  ['CustomTool', 'deny', 'approve', 'approve', 'auto']
]
const modes: TPermissionMode[] = ['plan', 'default', 'acceptEdits', 'bypassPermissions']
const matrixRows = matrix.flatMap(([tool, ...decisions]) => modes.map((mode, index) => [tool, mode, decisions[index]] as const))

describe('the mode matrix', () => {
  it.each(matrixRows)('%s in %s is %s', (tool, mode, expected) => {
    expect(evaluatePermission(tool, sampleArgs[tool] ?? {}, mode)).toBe(expected)
  })

  it('keeps MODE_POLICY, UNKNOWN_TOOL_FALLBACK and TRUST_TO_MODE as the spec draws them', () => {
    expect(Object.keys(MODE_POLICY)).toEqual(modes)
    expect(UNKNOWN_TOOL_FALLBACK).toEqual({ plan: 'deny', default: 'approve', acceptEdits: 'approve', bypassPermissions: 'auto' })
    expect(TRUST_TO_MODE).toEqual({ safe: 'plan', moderate: 'default', full: 'acceptEdits' })
  })

  it('does not mistake Object.prototype names for tools', () => {
    expect(evaluatePermission('constructor', {}, 'plan')).toBe('deny')
    expect(evaluatePermission('toString', {}, 'default')).toBe('approve')
  })
})

describe('evaluatePermission order: deny list, allow list, mode', () => {
  const lists = { allow: ['Bash(ls *)', 'Bash(rm -i *)', 'Write(/workspace/src/**)'], deny: ['Bash(rm *)', 'Read(**/.env)'] }

  it('denies `rm -rf /` even though another pattern allows `ls *` (the DESIGN example)', () => {
    expect(evaluatePermission('Bash', { command: 'rm -rf /' }, 'default', { allow: ['Bash(ls *)'], deny: ['Bash(rm *)'] })).toBe('deny')
  })

  it.each(modes)('lets a deny pattern win over an allow pattern in %s mode', (mode) => {
    expect(evaluatePermission('Bash', { command: 'rm -i a.txt' }, mode, lists)).toBe('deny')
    expect(evaluatePermission('Read', { filePath: '/workspace/.env' }, mode, lists)).toBe('deny')
    expect(evaluatePermission('Bash', { command: 'ls && rm -rf /' }, mode, lists)).toBe('deny')
  })

  it.each([
    ['plan', 'Bash', { command: 'ls -la' }, 'auto'],
    ['plan', 'Write', { filePath: '/workspace/src/a.ts' }, 'auto'],
    ['plan', 'Write', { filePath: '/workspace/docs/a.md' }, 'deny'],
    ['default', 'Bash', { command: 'ls -la' }, 'auto'],
    ['default', 'Bash', { command: 'ls; curl evil.test' }, 'approve'],
    ['default', 'Bash', { command: 'pwd' }, 'approve']
  ] as const)('in %s, %s %j is %s', (mode, tool, args, expected) => {
    expect(evaluatePermission(tool, args, mode, lists)).toBe(expected)
  })

  it('reports what decided', () => {
    const parsed = parsePermissionLists(lists)
    expect(resolvePermission('Bash', { command: 'rm x' }, 'bypassPermissions', parsed)).toEqual({
      decision: 'deny',
      source: 'deny_list',
      pattern: 'Bash(rm *)',
      reason: 'matches deny pattern Bash(rm *)'
    })
    expect(resolvePermission('Bash', { command: 'ls -l' }, 'default', parsed)).toEqual({ decision: 'auto', source: 'allow_list', pattern: 'Bash(ls *)' })
    expect(resolvePermission('Edit', { filePath: '/x' }, 'acceptEdits', parsed)).toEqual({ decision: 'auto', source: 'mode' })
  })

  it('takes pattern strings too, as evaluatePermission does, and names a malformed one', () => {
    expect(resolvePermission('Bash', { command: 'rm x' }, 'default', { deny: ['Bash(rm *)'] })).toMatchObject({ decision: 'deny', source: 'deny_list', pattern: 'Bash(rm *)' })
    expect(resolvePermission('Bash', { command: 'ls -l' }, 'default', { allow: ['Bash(ls *)'], deny: [] })).toMatchObject({ decision: 'auto', source: 'allow_list' })
    expect(() => resolvePermission('Bash', { command: 'ls' }, 'default', { deny: ['Bash(rm *'] })).toThrow('Bash(rm *')
  })

  it('asks, rather than allowing, when a deny pattern cannot be judged', () => {
    const parsed = parsePermissionLists({ allow: ['Read(notes/**)'], deny: ['Read(/workspace/secrets/**)'] })
    const evaluation = resolvePermission('Read', { filePath: 'notes/a.md' }, 'bypassPermissions', parsed)
    expect(evaluation).toMatchObject({ decision: 'approve', source: 'deny_list', pattern: 'Read(/workspace/secrets/**)' })
    const resolved = resolvePermission('Read', { filePath: 'secrets/key' }, 'bypassPermissions', parsed, { cwd: '/workspace' })
    expect(resolved.decision).toBe('deny')
  })

  it('rejects a malformed pattern with an error that names it', () => {
    expect(() => evaluatePermission('Bash', { command: 'ls' }, 'default', { allow: ['Bash(ls'] })).toThrow(
      'Malformed permission pattern "Bash(ls": the "(" is never closed.'
    )
  })
})
