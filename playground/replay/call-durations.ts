import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'

/**
 * How long each finished call took, keyed by the `seq` of the event that ends it: a provider
 * reply (raw and normalized) measured from its request in the same turn and round, a tool result
 * from the request with its call id, and a hook from the duration it reports. Calls still
 * running, or whose start is missing from the log, have no entry. Events are measured one at a
 * time, in `seq` order, so a log that grows is measured once per event.
 */
export class CallDurationMeter {
  /** Each finished call's duration in milliseconds, by the `seq` of the event that ends it. */
  readonly durations = new Map<number, number>()
  private readonly providerStarts = new Map<string, number>()
  private readonly toolStarts = new Map<string, number>()

  /** Takes the next event; returns how long the call it ends took, when it ends one. */
  measure(event: TExecutionEventEnvelope): number | undefined {
    let start: number | undefined
    switch (event.type) {
      case 'provider_request':
        this.providerStarts.set(roundKey(event), event.ts)
        return undefined
      case 'provider_response_raw':
      case 'provider_response_normalized':
        start = this.providerStarts.get(roundKey(event))
        return start === undefined ? undefined : this.record(event, event.ts - start)
      case 'tool_execution_request':
        this.toolStarts.set(`${event.executionId}:${event.data.toolCallId}`, event.ts)
        return undefined
      case 'tool_execution_result':
        start = this.toolStarts.get(`${event.executionId}:${event.data.toolCallId}`)
        return start === undefined ? undefined : this.record(event, event.ts - start)
      case 'hook_result':
        return this.record(event, event.data.durationMs)
      default:
        return undefined
    }
  }

  private record(event: TExecutionEventEnvelope, durationMs: number): number {
    this.durations.set(event.seq, durationMs)
    return durationMs
  }
}

function roundKey(event: TExecutionEventEnvelope): string {
  return `${event.executionId}:${event.round ?? ''}`
}
