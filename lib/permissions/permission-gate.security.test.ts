import { describe, expect, it } from 'vitest'
import { recordSuiteTotal } from '../testing/suite-totals.ts'
import { evaluatePermission, parsePermissionLists, resolvePermission } from './permission-gate.ts'
import { PERMISSION_MODES } from './permission-mode.ts'
import type { TPermissionContext, TToolArgs } from './permission-types.ts'

// Deny beats allow: whenever a deny pattern matches a call, the call is refused, in every mode
// (bypassPermissions included) and whatever allow pattern also matches it, however the call
// spells its argument.

const SUITE = 'permission security'
const WORKSPACE: TPermissionContext = { cwd: '/workspace' }

type TConflict = { label: string; toolName: string; args: TToolArgs; allow: string[]; deny: string; context?: TPermissionContext }

const bash = (command: string): TToolArgs => ({ command })

const CONFLICTS: TConflict[] = [
  { label: 'rm under a bare Bash allow', toolName: 'Bash', args: bash('rm -rf /'), allow: ['Bash'], deny: 'Bash(rm *)' },
  { label: 'rm allowed by the very same literal', toolName: 'Bash', args: bash('rm -rf /'), allow: ['Bash(rm -rf /)'], deny: 'Bash(rm *)' },
  { label: 'rm after && under an ls allow', toolName: 'Bash', args: bash('ls && rm -rf /'), allow: ['Bash(ls *)', 'Bash'], deny: 'Bash(rm *)' },
  { label: 'rm after ;', toolName: 'Bash', args: bash('ls; rm -rf /'), allow: ['Bash'], deny: 'Bash(rm *)' },
  { label: 'rm after a pipe', toolName: 'Bash', args: bash('yes | rm -rf /'), allow: ['Bash'], deny: 'Bash(rm *)' },
  { label: 'rm in a command substitution', toolName: 'Bash', args: bash('echo "$(rm -rf /)"'), allow: ['Bash(echo *)', 'Bash'], deny: 'Bash(rm *)' },
  { label: 'rm in backticks', toolName: 'Bash', args: bash('echo `rm -rf /`'), allow: ['Bash'], deny: 'Bash(rm *)' },
  { label: 'rm behind a variable assignment', toolName: 'Bash', args: bash('FORCE=1 rm -rf /'), allow: ['Bash'], deny: 'Bash(rm *)' },
  { label: 'rm inside an if', toolName: 'Bash', args: bash('if true; then rm -rf /; fi'), allow: ['Bash'], deny: 'Bash(rm *)' },
  { label: 'rm with extra spaces', toolName: 'Bash', args: bash('rm    -rf     /'), allow: ['Bash'], deny: 'Bash(rm *)' },
  { label: 'a git push under a git allow (prefix form)', toolName: 'Bash', args: bash('git push --force origin main'), allow: ['Bash(git *)'], deny: 'Bash(git push:*)' },
  { label: 'a secret file by relative path', toolName: 'Read', args: { filePath: '.env' }, allow: ['Read(**)'], deny: 'Read(.env)', context: WORKSPACE },
  { label: 'a secret file by absolute path', toolName: 'Read', args: { filePath: '/workspace/.env' }, allow: ['Read(**)', 'Read'], deny: 'Read(.env)', context: WORKSPACE },
  { label: 'a secret file through ..', toolName: 'Read', args: { filePath: 'src/../.env' }, allow: ['Read(src/**)', 'Read(**)'], deny: 'Read(.env)', context: WORKSPACE },
  { label: 'a secret file with doubled slashes', toolName: 'Read', args: { filePath: '/workspace//.env' }, allow: ['Read'], deny: 'Read(.env)', context: WORKSPACE },
  { label: 'a secret file in Claude-shaped arguments', toolName: 'Read', args: { file_path: './.env' }, allow: ['Read'], deny: 'Read(.env)', context: WORKSPACE },
  { label: 'a write into a protected tree', toolName: 'Write', args: { filePath: 'secrets/deep/key.txt', content: 'x' }, allow: ['Write(**)'], deny: 'Write(/workspace/secrets/**)', context: WORKSPACE },
  { label: 'an edit of any .pem', toolName: 'Edit', args: { filePath: 'keys/server.pem', oldString: 'a', newString: 'b' }, allow: ['Edit'], deny: 'Edit(**/*.pem)', context: WORKSPACE },
  { label: 'a listing of a protected tree', toolName: 'Glob', args: { pattern: '**/*', path: 'private' }, allow: ['Glob'], deny: 'Glob(/workspace/private/**)', context: WORKSPACE },
  { label: 'a search in a protected tree', toolName: 'Grep', args: { pattern: 'token', path: 'private/config' }, allow: ['Grep(**)'], deny: 'Grep(/workspace/private/**)', context: WORKSPACE },
  { label: 'a fetch from a blocked host in capitals', toolName: 'WebFetch', args: { url: 'HTTPS://EVIL.example:443/payload' }, allow: ['WebFetch'], deny: 'WebFetch(https://evil.example/*)' },
  { label: 'a search for a blocked phrase', toolName: 'WebSearch', args: { query: 'leaked password list' }, allow: ['WebSearch'], deny: 'WebSearch(*password*)' },
  { label: 'an MCP tool under a wildcard allow', toolName: 'mcp__db__drop_table', args: {}, allow: ['mcp__db__*'], deny: 'mcp__db__drop_table' },
  { label: 'every MCP tool denied, one allowed by name', toolName: 'mcp__db__query', args: { sql: 'select 1' }, allow: ['mcp__db__query'], deny: 'mcp__*' }
]

const CASES = CONFLICTS.flatMap((conflict) => PERMISSION_MODES.map((mode) => ({ ...conflict, mode })))

describe('deny beats allow, in every mode', () => {
  it('checks every conflict in all four modes', () => {
    expect(new Set(CASES.map((entry) => entry.mode))).toEqual(new Set(['plan', 'default', 'acceptEdits', 'bypassPermissions']))
    expect(CASES.length).toBe(CONFLICTS.length * 4)
  })

  it.each(CASES)('$mode: $label', ({ toolName, args, allow, deny, context, mode }) => {
    const lists = { allow, deny: [deny] }
    // Each allow pattern alone does let the call through in a permissive mode: the deny is what stops it.
    if (mode === 'bypassPermissions') {
      for (const pattern of allow) expect(evaluatePermission(toolName, args, mode, { allow: [pattern] }, context)).toBe('auto')
    }
    expect(evaluatePermission(toolName, args, mode, lists, context)).toBe('deny')
    expect(resolvePermission(toolName, args, mode, parsePermissionLists(lists), context)).toMatchObject({
      decision: 'deny',
      source: 'deny_list',
      pattern: deny
    })
    // Listed first or last, the deny wins the same way.
    expect(evaluatePermission(toolName, args, mode, { allow: [...allow].reverse(), deny: ['Nothing', deny] }, context)).toBe('deny')
    recordSuiteTotal(SUITE, 'securityChecks')
  })

  it.each(PERMISSION_MODES)('%s: a deny pattern that cannot be judged (relative path, no cwd) keeps every allow out', (mode) => {
    const decision = evaluatePermission('Read', { filePath: '/workspace/.env' }, mode, { allow: ['Read'], deny: ['Read(.env)'] })
    expect(decision).not.toBe('auto')
    recordSuiteTotal(SUITE, 'securityChecks')
  })

  it('a denied program spelled another way is still denied', () => {
    const spellings = ['\\rm -rf /', '/bin/rm -rf /', 'command rm -rf /', 'env rm -rf /', "env -i X=1 'rm' -rf /", 'nohup /usr/bin/rm -rf /']
    for (const command of spellings) {
      expect(evaluatePermission('Bash', { command }, 'bypassPermissions', { allow: ['Bash'], deny: ['Bash(rm *)'] })).toBe('deny')
    }
  })
})
