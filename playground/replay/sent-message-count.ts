import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'

/**
 * How many messages a model call sent: a request read as its log records it names the history
 * it shares with an earlier request (`historyRange`) and carries only what it added.
 */
export function sentMessageCount(request: TExecutionEventEnvelope<'provider_request'>): number {
  return (request.data.historyRange?.count ?? 0) + request.data.messages.length
}
