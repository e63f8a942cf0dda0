import { describe, expect, it } from 'vitest'
import { limitHookOutput } from './hook-output.ts'
import { parseHookResponse, type THookResponse } from './hook-response.ts'

describe('parseHookResponse', () => {
  it.each<[string, THookResponse]>([
    ['', { ignored: [] }],
    ['   \n', { ignored: [] }],
    ['checked 3 files\n', { text: 'checked 3 files', ignored: [] }],
    ['{"decision":"block","reason":"no"}', { blockReason: 'no', ignored: [] }],
    ['{"decision":"block"}', { blockReason: 'blocked by a hook (no reason given)', ignored: [] }],
    ['{"continue":false,"stopReason":"halt"}', { blockReason: 'halt', ignored: [] }],
    ['{"ok":false,"reason":"unsafe"}', { blockReason: 'unsafe', ignored: [] }],
    ['{"ok":true}', { ignored: [] }],
    ['{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"r"}}', { blockReason: 'r', ignored: [] }],
    ['{"hookSpecificOutput":{"permissionDecision":"allow"}}', { ignored: ['permission decision "allow" (hooks can block, never grant)'] }],
    ['{"decision":"approve"}', { ignored: ['permission decision "approve" (hooks can block, never grant)'] }],
    ['{"updatedInput":{"command":"ls"}}', { updatedInput: { command: 'ls' }, ignored: [] }],
    ['{"hookSpecificOutput":{"updatedInput":{"a":1}},"updatedInput":{"a":2}}', { updatedInput: { a: 1 }, ignored: [] }],
    ['{"updatedInput":["ls"]}', { unreadable: 'its updatedInput is not an object', ignored: [] }],
    ['{"additionalContext":"ctx","systemMessage":"note"}', { additionalContext: 'ctx', systemMessage: 'note', ignored: [] }],
    ['{"hookSpecificOutput":{"additionalContext":"inner"}}', { additionalContext: 'inner', ignored: [] }],
    ['["not", "an", "object"]', { text: '["not", "an", "object"]', ignored: [] }],
    ['{not json', { unreadable: expect.stringContaining('its output is not valid JSON') as unknown as string, ignored: [] }]
  ])('%j', (stdout, expected) => {
    expect(parseHookResponse(stdout)).toEqual(expected)
  })

  it('refuses JSON cut by the output cap instead of guessing', () => {
    expect(parseHookResponse('{"updatedInput": {"command": "ls', true).unreadable).toBe('its JSON output was cut at the output cap')
  })
})

describe('limitHookOutput', () => {
  it.each([
    ['short', 100, 'short', false],
    ['x'.repeat(200), 100, `${'x'.repeat(20)}\n[hook output truncated: 180 of 200 bytes dropped]\n`, true],
    ['é'.repeat(100), 101, `${'é'.repeat(10)}\n[hook output truncated: 180 of 200 bytes dropped]\n`, true]
  ])('%j capped at %i bytes', (text, maxBytes, expected, truncated) => {
    expect(limitHookOutput(text, maxBytes)).toEqual({ text: expected, truncated })
  })
})
