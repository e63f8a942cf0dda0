import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'

/** One gap in a log: something was asked for and its answer never recorded. */
export type TReplayGap = { seq: number; kind: 'missing_provider_response' | 'missing_tool_result'; detail: string }

/**
 * Finds provider requests with no recorded response and tool calls with no recorded result.
 * A log cut short by a crash has such gaps at its end; a complete turn has none.
 */
export function findReplayGaps(events: readonly TExecutionEventEnvelope[]): TReplayGap[] {
  const gaps: TReplayGap[] = []
  const openRequests = new Map<string, TExecutionEventEnvelope>()
  const openTools = new Map<string, TExecutionEventEnvelope<'tool_execution_request'>>()
  for (const event of events) {
    const roundKey = `${event.executionId}:${event.round ?? ''}`
    if (event.type === 'provider_request') openRequests.set(roundKey, event)
    // A turn's call ends with its committed message; a summary call commits none, its response is the answer.
    if (event.type === 'assistant_message_committed' || event.type === 'provider_response_normalized') openRequests.delete(roundKey)
    const toolKey = (batchId: string, index: number) => `${batchId}:${index}`
    if (event.type === 'tool_execution_request') openTools.set(toolKey(event.data.batchId, event.data.index), event)
    if (event.type === 'tool_execution_result') openTools.delete(toolKey(event.data.batchId, event.data.index))
  }
  for (const request of openRequests.values()) {
    gaps.push({ seq: request.seq, kind: 'missing_provider_response', detail: `round ${request.round ?? '?'} of execution ${request.executionId}` })
  }
  for (const request of openTools.values()) {
    gaps.push({ seq: request.seq, kind: 'missing_tool_result', detail: `${request.data.toolName} call ${request.data.toolCallId}` })
  }
  return gaps.sort((left, right) => left.seq - right.seq)
}
