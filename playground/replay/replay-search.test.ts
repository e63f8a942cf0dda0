import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { matchesReplaySearch, toReplaySearchPattern } from './replay-search.ts'

const result: TExecutionEventEnvelope = {
  seq: 7,
  ts: 0,
  sessionId: 's',
  executionId: 'x',
  round: 1,
  type: 'tool_execution_result',
  data: { batchId: 'b', index: 0, toolName: 'Bash', toolCallId: 'c', success: true, result: '# Tiny Calculator (v1.2+)\n' }
}

function matches(text: string): boolean {
  const pattern = toReplaySearchPattern(text)
  if (!pattern) throw new Error('blank')
  return matchesReplaySearch(result, pattern)
}

describe('replay search', () => {
  it.each([
    ['the event type', 'tool_execution', true],
    ['the type in another case', 'TOOL_EXECUTION_RESULT', true],
    ['a value in the JSON, any case', 'tiny calculator', true],
    ['a key in the JSON', 'toolCallId', true],
    ['text with regular-expression characters, taken literally', '(v1.2+)', true],
    ['a dot as a dot, not as any character', 'Tiny.Calculator', false],
    ['text the event does not hold', 'huge calculator', false],
    ['the envelope, which is not the event\'s JSON', 'sessionId', false]
  ])('matches %s: %s → %s', (_, text, expected) => {
    expect(matches(text)).toBe(expected)
  })

  it('has no pattern for blank text, so the log is not narrowed', () => {
    expect(toReplaySearchPattern('')).toBeUndefined()
    expect(toReplaySearchPattern('   ')).toBeUndefined()
  })
})
