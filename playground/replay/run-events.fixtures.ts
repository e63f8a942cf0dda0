import type { TExecutionEventDataMap, TExecutionEventEnvelope, TExecutionEventType } from '../../lib/core/execution-events.ts'
import type { TAssistantMessage, TUniversalMessage, TUserMessage } from '../../lib/core/messages.ts'

/** Builds a session's events in order for tests: each call appends one envelope at the time given. */
export function createRunEvents(sessionId = 'session-1') {
  const events: TExecutionEventEnvelope[] = []
  const add = <TType extends TExecutionEventType>(executionId: string, ts: number, type: TType, data: TExecutionEventDataMap[TType], round?: number) => {
    const event = { seq: events.length, ts, sessionId, executionId, ...(round === undefined ? {} : { round }), type, data } as TExecutionEventEnvelope
    events.push(event)
    return event
  }
  const user = (content: string): TUserMessage => ({ id: `m${events.length}`, state: 'complete', timestamp: 0, role: 'user', content })
  const assistant = (content: string, metadata?: Record<string, number>): TAssistantMessage => ({
    id: `m${events.length}`,
    state: 'complete',
    timestamp: 0,
    role: 'assistant',
    content,
    ...(metadata ? { metadata } : {})
  })
  return {
    events,
    add,
    prompt: (executionId: string, ts: number, text: string) => add(executionId, ts, 'history_mutation', { mutation: 'append', index: events.length, message: user(text) }),
    request: (executionId: string, ts: number, round: number, model = 'claude-sonnet-4-6', messages: TUniversalMessage[] = [user('hello')]) =>
      add(executionId, ts, 'provider_request', { provider: 'anthropic', model, messages, tools: [] }, round),
    delta: (executionId: string, ts: number, round: number, delta: string) => add(executionId, ts, 'provider_stream_raw_delta', { sequence: 0, delta }, round),
    response: (executionId: string, ts: number, round: number, content: string, toolCallsCount = 0, metadata?: Record<string, number>) =>
      add(executionId, ts, 'provider_response_normalized', { response: assistant(content, metadata), toolCallsCount }, round),
    toolRequest: (executionId: string, ts: number, round: number, toolCallId: string, toolName: string, parameters: Record<string, unknown>) =>
      add(executionId, ts, 'tool_execution_request', { batchId: 'b', index: 0, toolName, toolCallId, parameters, ownerPath: [] }, round),
    toolResult: (executionId: string, ts: number, round: number, toolCallId: string, toolName: string, success: boolean, result: unknown = '') =>
      add(executionId, ts, 'tool_execution_result', { batchId: 'b', index: 0, toolName, toolCallId, success, result, ...(success ? {} : { error: 'exit 1' }) }, round),
    answer: (executionId: string, ts: number, text: string) => add(executionId, ts, 'history_mutation', { mutation: 'append', index: events.length, message: assistant(text) })
  }
}

/**
 * A session of `turns` turns for tests, each `x<n>` asking `Question number <n>`, calling Bash
 * once and answering; `fromTurn` keeps only the events from that turn on, as a window of the
 * latest events holds them.
 */
export function createLongRun(sessionId: string, turns: number, fromTurn = 1): TExecutionEventEnvelope[] {
  const run = createRunEvents(sessionId)
  for (let turn = 1; turn <= turns; turn++) {
    const executionId = `x${turn}`
    run.prompt(executionId, turn * 1_000, `Question number ${turn}`)
    run.request(executionId, turn * 1_000, 1)
    run.delta(executionId, turn * 1_000 + 10, 1, 'Listing')
    run.response(executionId, turn * 1_000 + 20, 1, 'Listing.', 1, { inputTokens: 1_000, outputTokens: 20 })
    run.toolRequest(executionId, turn * 1_000 + 30, 1, `call_${turn}`, 'Bash', { command: 'ls' })
    run.toolResult(executionId, turn * 1_000 + 40, 1, `call_${turn}`, 'Bash', true, 'README.md')
    run.answer(executionId, turn * 1_000 + 50, `Answer number ${turn}.`)
  }
  return run.events.filter((event) => Number(event.executionId.slice(1)) >= fromTurn)
}
