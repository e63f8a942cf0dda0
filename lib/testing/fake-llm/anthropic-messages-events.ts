import {
  argumentsText,
  splitInTwo,
  textPieces,
  type TFakeLlmTurn,
  type TFakeLlmTurnContext,
  type TSseEvent
} from './fake-llm-script.ts'

/** The tool call id the fake Anthropic model gives a call that the script left without one. */
export function anthropicToolCallId(turnIndex: number, callIndex: number): string {
  return `toolu_fake_${turnIndex}_${callIndex}`
}

/**
 * Renders a scripted turn as the Anthropic Messages stream: `message_start`, one
 * start/delta/stop group per content block (thinking, server_tool_use with its web_search_tool_result, text, tool_use), `message_delta` with the
 * stop reason and usage, `message_stop`. A `ping` follows the first block start, as the API sends.
 */
export function toAnthropicMessagesEvents(turn: TFakeLlmTurn, context: TFakeLlmTurnContext): TSseEvent[] {
  const events: TSseEvent[] = []
  const push = (type: string, data: Record<string, unknown>) =>
    events.push({ event: type, data: JSON.stringify({ type, ...data }) })
  const usage = turn.usage ?? {}
  push('message_start', {
    message: {
      id: `msg_fake_${context.turnIndex}`,
      type: 'message',
      role: 'assistant',
      model: context.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: usage.inputTokens ?? 0,
        cache_read_input_tokens: usage.cacheReadTokens ?? 0,
        cache_creation_input_tokens: usage.cacheWriteTokens ?? 0,
        output_tokens: 1
      }
    }
  })

  let index = 0
  if (turn.reasoning !== undefined) {
    push('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } })
    push('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: turn.reasoning } })
    push('content_block_delta', { index, delta: { type: 'signature_delta', signature: `sig_fake_${context.turnIndex}` } })
    push('content_block_stop', { index })
    index++
  }
  for (const [searchIndex, search] of (turn.webSearches ?? []).entries()) {
    const id = search.id ?? `srvtoolu_fake_${context.turnIndex}_${searchIndex}`
    push('content_block_start', { index, content_block: { type: 'server_tool_use', id, name: 'web_search', input: {} } })
    for (const part of splitInTwo(JSON.stringify({ query: search.query }))) {
      push('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: part } })
    }
    push('content_block_stop', { index })
    index++
    const content =
      search.errorCode !== undefined
        ? { type: 'web_search_tool_result_error', error_code: search.errorCode }
        : (search.results ?? []).map((result, resultIndex) => ({
            type: 'web_search_result',
            title: result.title,
            url: result.url,
            encrypted_content: `enc_fake_${context.turnIndex}_${searchIndex}_${resultIndex}`,
            page_age: null
          }))
    push('content_block_start', { index, content_block: { type: 'web_search_tool_result', tool_use_id: id, content } })
    push('content_block_stop', { index })
    index++
  }
  const pieces = textPieces(turn)
  if (pieces.length > 0) {
    push('content_block_start', { index, content_block: { type: 'text', text: '' } })
    if (index === 0) push('ping', {})
    for (const piece of pieces) push('content_block_delta', { index, delta: { type: 'text_delta', text: piece } })
    push('content_block_stop', { index })
    index++
  }
  for (const [callIndex, call] of (turn.toolCalls ?? []).entries()) {
    const id = call.id ?? anthropicToolCallId(context.turnIndex, callIndex)
    push('content_block_start', { index, content_block: { type: 'tool_use', id, name: call.name, input: {} } })
    for (const part of splitInTwo(argumentsText(call))) {
      push('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: part } })
    }
    push('content_block_stop', { index })
    index++
  }

  const hasToolCalls = (turn.toolCalls ?? []).length > 0
  push('message_delta', {
    delta: {
      stop_reason: turn.truncated ? 'max_tokens' : hasToolCalls ? 'tool_use' : turn.stopSequence !== undefined ? 'stop_sequence' : 'end_turn',
      stop_sequence: turn.stopSequence ?? null
    },
    usage: {
      output_tokens: usage.outputTokens ?? 0,
      ...(turn.webSearches?.length ? { server_tool_use: { web_search_requests: turn.webSearches.length } } : {}),
      ...(usage.reasoningTokens !== undefined ? { output_tokens_details: { thinking_tokens: usage.reasoningTokens } } : {})
    }
  })
  push('message_stop', {})
  return events
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  529: 'overloaded_error'
}

/** The Messages API's error body for an HTTP status. */
export function anthropicErrorBody(status: number, message: string): Record<string, unknown> {
  const type = ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error')
  return { type: 'error', error: { type, message }, request_id: 'req_fake' }
}

/** The error event the Messages API sends inside a stream that fails after it started. */
export function anthropicErrorEvent(status: number, message: string): TSseEvent {
  const body = anthropicErrorBody(status, message)
  return { event: 'error', data: JSON.stringify({ type: 'error', error: body.error }) }
}
