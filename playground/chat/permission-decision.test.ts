import { describe, expect, it } from 'vitest'
import type { TToolCallDecision } from '../../worker/react/session-view-state.ts'
import { describePermissionDecision } from './permission-decision.ts'

const decision = (fields: Partial<TToolCallDecision>): TToolCallDecision => ({ toolName: 'Bash', toolCallId: 'c', decision: 'allow', source: 'handler', mode: 'default', ...fields })

describe('describePermissionDecision', () => {
  it.each([
    [decision({ source: 'handler' }), 'allowed once by you'],
    [decision({ source: 'handler', pattern: 'Bash(cat *)' }), 'allowed by you for this session (Bash(cat *))'],
    [decision({ source: 'handler', decision: 'deny' }), 'denied by you'],
    [decision({ source: 'allow_list', pattern: 'Bash(ls *)' }), 'allowed by the rule Bash(ls *)'],
    [decision({ source: 'deny_list', decision: 'deny', pattern: 'Bash(rm *)' }), 'denied by the rule Bash(rm *)'],
    [decision({ source: 'session_rule', pattern: 'Bash(cat *)' }), 'allowed by the rule Bash(cat *) approved for this session'],
    [decision({ source: 'mode', mode: 'bypassPermissions' }), 'allowed by bypassPermissions mode'],
    [decision({ source: 'abort', decision: 'deny' }), 'denied: the turn was stopped'],
    // A fork's copies of its source's decisions: the allowances for that session stayed with it.
    [decision({ source: 'handler', pattern: 'Bash(cat *)', copiedFrom: 'source' }), 'allowed by you before the fork (Bash(cat *)): the fork asks again'],
    [decision({ source: 'session_rule', pattern: 'Bash(cat *)', copiedFrom: 'source' }), 'allowed by the rule Bash(cat *) approved before the fork: the fork asks again'],
    [decision({ source: 'handler', copiedFrom: 'source' }), 'allowed once by you'],
    [decision({ source: 'allow_list', pattern: 'Bash(ls *)', copiedFrom: 'source' }), 'allowed by the rule Bash(ls *)']
  ])('says how a call was decided: %#', (given, said) => {
    expect(describePermissionDecision(given)).toBe(said)
  })
})
