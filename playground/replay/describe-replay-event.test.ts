import { describe, expect, it } from 'vitest'
import { describeReplayEvent } from './describe-replay-event.ts'
import { createRunEvents } from './run-events.fixtures.ts'

describe('describeReplayEvent', () => {
  const run = createRunEvents()
  const cases = [
    [run.request('x1', 0, 1, 'offline-demo'), 'provider_request offline-demo, 1 message'],
    [run.delta('x1', 1, 1, 'Let me'), undefined],
    [run.response('x1', 2, 1, 'Let me\nlook.', 1), 'provider_response_normalized assistant: Let me look.'],
    [run.toolRequest('x1', 3, 1, 'call_9', 'Bash', { command: 'ls' }), 'tool_execution_request Bash {"command":"ls"}'],
    [run.toolResult('x1', 4, 1, 'call_9', 'Bash', true, { success: true, output: 'README.md\nsrc', exitCode: 0 }), 'tool_execution_result Bash ok: README.md src'],
    [run.toolResult('x1', 5, 1, 'call_9', 'Bash', false), 'tool_execution_result Bash failed: exit 1'],
    [run.answer('x1', 6, 'x'.repeat(400)), `history_mutation assistant: ${'x'.repeat(148)}…`]
  ] as const
  it.each(cases.map(([event, text]) => [event.type, event, text] as const))('%s reads the same whatever its ids and time', (_type, event, text) => {
    expect(describeReplayEvent(event)).toBe(text)
    expect(describeReplayEvent({ ...event, seq: 99, ts: 12_345, sessionId: 'other', executionId: 'x2' })).toBe(text)
  })
})
