import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { sentMessageCount } from './sent-message-count.ts'

// Streaming pieces and the raw copies of a reply say again what the normalized events say.
const NOT_COMPARED = new Set<string>(['provider_stream_raw_delta', 'provider_native_raw_payload', 'provider_response_raw'])

const TEXT_LENGTH = 160

/**
 * One line saying what an event did, without ids, times or durations, so a re-run's event and
 * the recorded one read the same when they did the same; `undefined` for events not compared.
 */
export function describeReplayEvent(event: TExecutionEventEnvelope): string | undefined {
  if (NOT_COMPARED.has(event.type)) return undefined
  return `${event.type} ${detailOf(event)}`.trim()
}

function detailOf(event: TExecutionEventEnvelope): string {
  switch (event.type) {
    case 'provider_request': {
      const sent = sentMessageCount(event)
      return `${event.data.model}, ${sent} message${sent === 1 ? '' : 's'}`
    }
    case 'provider_response_normalized':
    case 'assistant_message_committed':
      return describeMessage('response' in event.data ? event.data.response : event.data.message)
    case 'tool_batch_started':
      return event.data.tools.join(', ')
    case 'tool_execution_request':
    case 'permission_request':
      return `${event.data.toolName} ${clip(JSON.stringify(event.data.parameters))}`
    case 'tool_execution_result':
      return `${event.data.toolName} ${event.data.success ? 'ok' : 'failed'}: ${clip(textOf(event.data.success ? event.data.result : event.data.error))}`
    case 'tool_message_committed':
    case 'history_mutation':
      return describeMessage(event.data.message)
    case 'permission_decision':
      return `${event.data.toolName} ${event.data.decision} (${event.data.source})`
    case 'hook_result':
      return `${event.data.event} ${event.data.hookType} exit ${event.data.exitCode}${event.data.blocked ? ', blocked' : ''}`
    default:
      return ''
  }
}

function describeMessage(message: TUniversalMessage): string {
  const calls = message.role === 'assistant' ? (message.toolCalls ?? []).map((call) => ` → ${call.name} ${JSON.stringify(call.arguments)}`).join('') : ''
  const tool = message.role === 'tool' ? ` ${message.toolName}` : ''
  return clip(`${message.role}${tool}: ${message.content}${calls}`)
}

// A built-in tool's result is `{ success, output, … }`: its output is what a person reads.
function textOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object' && 'output' in value && typeof value.output === 'string') return value.output
  return JSON.stringify(value ?? '')
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > TEXT_LENGTH ? `${line.slice(0, TEXT_LENGTH - 1)}…` : line
}
