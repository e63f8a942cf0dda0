import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'

/**
 * How long each finished call took, keyed by the `seq` of the event that ends it: a provider
 * reply (raw and normalized) measured from its request in the same turn and round, a tool result
 * from the request with its call id, and a hook from the duration it reports. Calls still
 * running, or whose start is missing from the log, have no entry.
 */
export function measureCallDurations(events: readonly TExecutionEventEnvelope[]): Map<number, number> {
  const durations = new Map<number, number>()
  const providerStarts = new Map<string, number>()
  const toolStarts = new Map<string, number>()
  for (const event of events) {
    switch (event.type) {
      case 'provider_request':
        providerStarts.set(roundKey(event), event.ts)
        break
      case 'provider_response_raw':
      case 'provider_response_normalized': {
        const start = providerStarts.get(roundKey(event))
        if (start !== undefined) durations.set(event.seq, event.ts - start)
        break
      }
      case 'tool_execution_request':
        toolStarts.set(`${event.executionId}:${event.data.toolCallId}`, event.ts)
        break
      case 'tool_execution_result': {
        const start = toolStarts.get(`${event.executionId}:${event.data.toolCallId}`)
        if (start !== undefined) durations.set(event.seq, event.ts - start)
        break
      }
      case 'hook_result':
        durations.set(event.seq, event.data.durationMs)
        break
      default:
        break
    }
  }
  return durations
}

function roundKey(event: TExecutionEventEnvelope): string {
  return `${event.executionId}:${event.round ?? ''}`
}
