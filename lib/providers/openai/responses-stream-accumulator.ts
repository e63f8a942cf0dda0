import type { Response, ResponseFunctionWebSearch, ResponseReasoningItem, ResponseStreamEvent } from 'openai/resources/responses/responses'
import { SERVER_TOOL_USES_METADATA_KEY, type TServerToolUse, type TServerToolUseCallback } from '../../core/server-tool-use.ts'
import { createAssistantMessage, type TToolCall } from '../../core/messages.ts'
import type { TProviderResponse, TStopReason } from '../../core/provider.ts'
import type { IProviderStreamAccumulator } from '../shared/read-provider-stream.ts'
import { fromResponsesUsage } from './openai-usage.ts'
import { parseToolArguments } from '../../core/parse-tool-arguments.ts'
import { fromStreamFailure } from './to-openai-error.ts'
import { OPENAI_REASONING_METADATA_KEY, OPENAI_WEB_SEARCH_METADATA_KEY } from './to-responses-input.ts'

type TPendingCall = { callId: string; name: string; argumentsText: string }

/**
 * Folds Responses API stream events into one assistant reply: output text (returned delta by
 * delta for `onTextDelta`), function calls keyed by item id, encrypted reasoning items and hosted
 * web search calls to send back (each search reported as it starts and ends), and the final
 * response with its usage. `error` and `response.failed` events throw.
 */
export class ResponsesStreamAccumulator implements IProviderStreamAccumulator<ResponseStreamEvent> {
  /** The final response, once `response.completed` or `response.incomplete` arrived. */
  final: Response | undefined
  private text = ''
  private readonly calls = new Map<string, TPendingCall>()
  private readonly reasoningItems: ResponseReasoningItem[] = []
  private readonly webSearchCalls: ResponseFunctionWebSearch[] = []
  private readonly serverToolUses = new Map<string, TServerToolUse>()

  /**
   * `onServerToolUse` hears each hosted web search as it starts and as it ends; `baseURL` names
   * the server in a failure the stream reports (an OpenAI-compatible one by its host).
   */
  constructor(
    private readonly onServerToolUse?: TServerToolUseCallback,
    private readonly baseURL?: string
  ) {}

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
        } else if (event.item.type === 'web_search_call') this.noteWebSearch(event.item)
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
        } else if (event.item.type === 'web_search_call') {
          this.webSearchCalls.push(event.item)
          this.noteWebSearch(event.item)
        }
        return undefined
      case 'response.completed':
      case 'response.incomplete':
        this.final = event.response
        return undefined
      case 'response.failed':
        throw fromStreamFailure(event.response.error?.code, event.response.error?.message ?? 'the response failed', this.baseURL)
      case 'error':
        throw fromStreamFailure(event.code, event.message, this.baseURL)
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
    if (!aborted && this.webSearchCalls.length > 0) {
      metadata[OPENAI_WEB_SEARCH_METADATA_KEY] = this.webSearchCalls.map((item) => JSON.stringify(item))
    }
    if (this.serverToolUses.size > 0) metadata[SERVER_TOOL_USES_METADATA_KEY] = [...this.serverToolUses.values()].map((use) => JSON.stringify(use))
    const truncated = this.final?.incomplete_details?.reason === 'max_output_tokens'
    const stopReason: TStopReason = aborted ? 'aborted' : toolCalls.length > 0 ? 'tool_use' : truncated ? 'max_tokens' : 'end_turn'
    return { ...createAssistantMessage(this.text, { toolCalls, metadata }), stopReason }
  }

  private noteWebSearch(item: ResponseFunctionWebSearch): void {
    const action = item.action as { type?: string; query?: unknown; sources?: Array<{ url?: unknown }> } | undefined
    const input = typeof action?.query === 'string' ? { query: action.query } : {}
    const status = item.status === 'completed' ? 'completed' : item.status === 'failed' ? 'failed' : 'started'
    const sources = (action?.sources ?? []).flatMap((source) => (typeof source.url === 'string' ? [{ url: source.url }] : []))
    const use: TServerToolUse = {
      id: item.id,
      toolName: 'web_search',
      input,
      status,
      ...(status === 'completed' ? { sources } : {}),
      ...(status === 'failed' ? { error: 'the web search failed' } : {})
    }
    const previous = this.serverToolUses.get(item.id)
    if (previous?.status === use.status) return
    this.serverToolUses.set(item.id, use)
    this.onServerToolUse?.({ ...use })
  }
}
