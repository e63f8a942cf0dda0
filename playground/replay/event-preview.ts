import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { sentMessageCount } from './sent-message-count.ts'

/** A few words on what an event carries, for its row in the event log. */
export function previewOf(event: TExecutionEventEnvelope): string {
  switch (event.type) {
    case 'provider_stream_raw_delta':
      return JSON.stringify(event.data.delta)
    case 'provider_request':
      return `${event.data.model} · ${sentMessageCount(event)} messages`
    case 'tool_execution_request':
      return event.data.toolName
    case 'tool_execution_result':
      return `${event.data.toolName} ${event.data.success ? 'ok' : 'failed'}`
    case 'history_mutation':
      return event.data.message.role
    case 'permission_request':
      return event.data.toolName
    case 'permission_decision':
      return `${event.data.decision} (${event.data.source})`
    default:
      return ''
  }
}
