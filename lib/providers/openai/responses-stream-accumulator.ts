import type { Response, ResponseReasoningItem, ResponseStreamEvent } from 'openai/resources/responses/responses'
import { createAssistantMessage, type TToolCall } from '../../core/messages.ts'
import type { TProviderResponse, TStopReason } from '../../core/provider.ts'
import { fromResponsesUsage } from './openai-usage.ts'
import { parseToolArguments } from '../../core/parse-tool-arguments.ts'
import { fromStreamFailure } from './to-openai-error.ts'
import { OPENAI_REASONING_METADATA_KEY } from './to-responses-input.ts'

type TPendingCall = { callId: string; name: string; argumentsText: string }

/**
 * Folds Responses API stream events into one assistant reply: output text (returned delta by
 * delta for `onTextDelta`), function calls keyed by item id, encrypted reasoning items to send
 * back, and the final response with its usage. `error` and `response.failed` events throw.
 */
export class ResponsesStreamAccumulator {
  /** The final response, once `response.completed` or `response.incomplete` arrived. */
  final: Response | undefined
  private text = ''
  private readonly calls = new Map<string, TPendingCall>()
  private readonly reasoningItems: ResponseReasoningItem[] = []

  /** True once the stream delivered its final response. */
  get completed(): boolean {
    return this.final !== undefined
  }

  /** Takes one event; returns the text it added, if any. */
  add(event: ResponseStreamEvent): string | undefined {
    switch (event.type) {
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        this.text += event.delta
        return event.delta
      case 'response.output_item.added':
        if (event.item.type === 'function_call') {
          const { item } = event
          this.calls.set(item.id ?? item.call_id, { callId: item.call_id, name: item.name, argumentsText: item.arguments })
        }
        return undefined
      case 'response.function_call_arguments.delta': {
        const call = this.calls.get(event.item_id)
        if (call) call.argumentsText += event.delta
        return undefined
      }
      case 'response.output_item.done':
        if (event.item.type === 'function_call') {
          const { item } = event
          this.calls.set(item.id ?? item.call_id, { callId: item.call_id, name: item.name, argumentsText: item.arguments })
        } else if (event.item.type === 'reasoning' && event.item.encrypted_content) {
          this.reasoningItems.push(event.item)
        }
        return undefined
      case 'response.completed':
      case 'response.incomplete':
        this.final = event.response
        return undefined
      case 'response.failed':
        throw fromStreamFailure(event.response.error?.code, event.response.error?.message ?? 'the response failed')
      case 'error':
        throw fromStreamFailure(event.code, event.message)
      default:
        return undefined
    }
  }

  /**
   * The reply so far as Robota's provider response. After an abort it keeps every function call
   * that had begun, with its arguments as far as they streamed, so the history shows what the
   * model asked for; the loop answers each as interrupted.
   */
  toResponse(aborted: boolean): TProviderResponse {
    const toolCalls: TToolCall[] = [...this.calls.values()].map((call) => ({
      id: call.callId,
      name: call.name,
      arguments: parseToolArguments(call.argumentsText)
    }))
    const metadata = fromResponsesUsage(this.final?.usage)
    if (!aborted && this.reasoningItems.length > 0) {
      metadata[OPENAI_REASONING_METADATA_KEY] = this.reasoningItems.map((item) => JSON.stringify(item))
    }
    const truncated = this.final?.incomplete_details?.reason === 'max_output_tokens'
    const stopReason: TStopReason = aborted ? 'aborted' : toolCalls.length > 0 ? 'tool_use' : truncated ? 'max_tokens' : 'end_turn'
    return { ...createAssistantMessage(this.text, { toolCalls, metadata }), stopReason }
  }
}
