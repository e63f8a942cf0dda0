import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { CallDurationMeter } from './call-durations.ts'

const response = { content: 'ok', toolCalls: [] } as never
const events = [
  { seq: 1, ts: 1_000, sessionId: 's', executionId: 'x', round: 1, type: 'provider_request', data: { provider: 'p', model: 'm', messages: [], tools: [] } },
  { seq: 2, ts: 1_900, sessionId: 's', executionId: 'x', round: 1, type: 'provider_response_raw', data: { response, responseKind: 'provider-normalized-message' } },
  { seq: 3, ts: 1_950, sessionId: 's', executionId: 'x', round: 1, type: 'provider_response_normalized', data: { response, toolCallsCount: 1 } },
  { seq: 4, ts: 2_000, sessionId: 's', executionId: 'x', round: 1, type: 'tool_execution_request', data: { batchId: 'b', index: 0, toolName: 'Bash', toolCallId: 'call-a', parameters: {}, ownerPath: [] } },
  { seq: 5, ts: 2_010, sessionId: 's', executionId: 'x', round: 1, type: 'tool_execution_request', data: { batchId: 'b', index: 1, toolName: 'Read', toolCallId: 'call-b', parameters: {}, ownerPath: [] } },
  { seq: 6, ts: 2_300, sessionId: 's', executionId: 'x', round: 1, type: 'tool_execution_result', data: { batchId: 'b', index: 1, toolName: 'Read', toolCallId: 'call-b', success: true } },
  { seq: 7, ts: 2_450, sessionId: 's', executionId: 'x', round: 1, type: 'tool_execution_result', data: { batchId: 'b', index: 0, toolName: 'Bash', toolCallId: 'call-a', success: true } },
  { seq: 8, ts: 2_500, sessionId: 's', executionId: 'x', round: 1, type: 'hook_result', data: { event: 'PostToolUse', hookType: 'command', matcher: '*', exitCode: 0, blocked: false, timedOut: false, durationMs: 42 } },
  { seq: 9, ts: 3_000, sessionId: 's', executionId: 'x', round: 2, type: 'provider_request', data: { provider: 'p', model: 'm', messages: [], tools: [] } },
  { seq: 10, ts: 3_100, sessionId: 's', executionId: 'y', round: 1, type: 'tool_execution_result', data: { batchId: 'b', index: 0, toolName: 'Bash', toolCallId: 'call-a', success: true } }
] as TExecutionEventEnvelope[]

function measureCallDurations(log: readonly TExecutionEventEnvelope[]): Map<number, number> {
  const meter = new CallDurationMeter()
  for (const event of log) meter.measure(event)
  return meter.durations
}

describe('CallDurationMeter', () => {
  it('times provider replies from their request, tool results from their own call, and hooks as reported', () => {
    expect(Object.fromEntries(measureCallDurations(events))).toEqual({ 2: 900, 3: 950, 6: 290, 7: 450, 8: 42 })
  })

  it('leaves out a call still running and a result whose request is in another turn', () => {
    const durations = measureCallDurations(events)
    expect(durations.has(9)).toBe(false)
    expect(durations.has(10)).toBe(false)
  })

  it('returns the duration of the call an event ends as it takes the event', () => {
    const meter = new CallDurationMeter()
    expect(events.map((event) => meter.measure(event))).toEqual([undefined, 900, 950, undefined, undefined, 290, 450, 42, undefined, undefined])
  })
})
