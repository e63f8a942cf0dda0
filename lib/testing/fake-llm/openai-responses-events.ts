import {
  argumentsText,
  splitInTwo,
  textPieces,
  type TFakeLlmTurn,
  type TFakeLlmTurnContext,
  type TSseEvent
} from './fake-llm-script.ts'

/** The call id the fake OpenAI model gives a call that the script left without one. */
export function openaiToolCallId(turnIndex: number, callIndex: number): string {
  return `call_fake_${turnIndex}_${callIndex}`
}

type TItem = Record<string, unknown>

/**
 * Renders a scripted turn as the Responses API stream: `response.created`, `response.in_progress`,
 * then per output item `output_item.added`, its deltas and `output_item.done` (reasoning,
 * web_search_call with its `web_search_call.*` progress events, message, function_call), and `response.completed` (or `response.incomplete`) carrying the whole response.
 * Every event has a rising `sequence_number`.
 */
export function toOpenAIResponsesEvents(
  turn: TFakeLlmTurn,
  context: TFakeLlmTurnContext & { includeEncryptedReasoning: boolean; includeSearchSources?: boolean }
): TSseEvent[] {
  const events: TSseEvent[] = []
  const push = (type: string, data: Record<string, unknown>) =>
    events.push({ event: type, data: JSON.stringify({ type, sequence_number: events.length, ...data }) })
  const responseId = `resp_fake_${context.turnIndex}`
  const base = { id: responseId, object: 'response', created_at: 1_700_000_000, model: context.model, store: false }
  push('response.created', { response: { ...base, status: 'in_progress', output: [], usage: null } })
  push('response.in_progress', { response: { ...base, status: 'in_progress', output: [], usage: null } })

  const output: TItem[] = []
  if (turn.reasoning !== undefined) {
    const id = `rs_fake_${context.turnIndex}`
    const outputIndex = output.length
    push('response.output_item.added', { output_index: outputIndex, item: { id, type: 'reasoning', summary: [] } })
    push('response.reasoning_summary_text.delta', { item_id: id, output_index: outputIndex, summary_index: 0, delta: turn.reasoning })
    const item = {
      id,
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: turn.reasoning }],
      // The API returns reasoning in encrypted form only to requests that include it.
      ...(context.includeEncryptedReasoning ? { encrypted_content: `enc_fake_${context.turnIndex}` } : {})
    }
    push('response.output_item.done', { output_index: outputIndex, item })
    output.push(item)
  }

  for (const [searchIndex, search] of (turn.webSearches ?? []).entries()) {
    const id = search.id ?? `ws_fake_${context.turnIndex}_${searchIndex}`
    const outputIndex = output.length
    const place = { item_id: id, output_index: outputIndex }
    push('response.output_item.added', { output_index: outputIndex, item: { id, type: 'web_search_call', status: 'in_progress', action: { type: 'search', query: search.query } } })
    push('response.web_search_call.in_progress', place)
    push('response.web_search_call.searching', place)
    const failed = search.errorCode !== undefined
    if (!failed) push('response.web_search_call.completed', place)
    // Sources come back only to a request that includes `web_search_call.action.sources`.
    const sources = context.includeSearchSources ? { sources: (search.results ?? []).map((result) => ({ type: 'url', url: result.url })) } : {}
    const item = { id, type: 'web_search_call', status: failed ? 'failed' : 'completed', action: { type: 'search', query: search.query, ...sources } }
    push('response.output_item.done', { output_index: outputIndex, item })
    output.push(item)
  }

  const pieces = textPieces(turn)
  if (pieces.length > 0) {
    const id = `msg_fake_${context.turnIndex}`
    const outputIndex = output.length
    const place = { item_id: id, output_index: outputIndex, content_index: 0 }
    const text = pieces.join('')
    push('response.output_item.added', {
      output_index: outputIndex,
      item: { id, type: 'message', status: 'in_progress', role: 'assistant', content: [] }
    })
    push('response.content_part.added', { ...place, part: { type: 'output_text', text: '', annotations: [] } })
    for (const piece of pieces) push('response.output_text.delta', { ...place, delta: piece, logprobs: [] })
    push('response.output_text.done', { ...place, text, logprobs: [] })
    const part = { type: 'output_text', text, annotations: [] }
    push('response.content_part.done', { ...place, part })
    const item = { id, type: 'message', status: 'completed', role: 'assistant', content: [part] }
    push('response.output_item.done', { output_index: outputIndex, item })
    output.push(item)
  }

  for (const [callIndex, call] of (turn.toolCalls ?? []).entries()) {
    const id = `fc_fake_${context.turnIndex}_${callIndex}`
    const outputIndex = output.length
    const callId = call.id ?? openaiToolCallId(context.turnIndex, callIndex)
    const argumentText = argumentsText(call)
    const started = { id, type: 'function_call', status: 'in_progress', call_id: callId, name: call.name, arguments: '' }
    push('response.output_item.added', { output_index: outputIndex, item: started })
    for (const part of splitInTwo(argumentText)) {
      push('response.function_call_arguments.delta', { item_id: id, output_index: outputIndex, delta: part })
    }
    push('response.function_call_arguments.done', { item_id: id, output_index: outputIndex, name: call.name, arguments: argumentText })
    const item = { ...started, status: 'completed', arguments: argumentText }
    push('response.output_item.done', { output_index: outputIndex, item })
    output.push(item)
  }

  const usage = turn.usage ?? {}
  // OpenAI's input count includes the cached tokens its details break out.
  const inputTokens = (usage.inputTokens ?? 0) + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0)
  const final = {
    ...base,
    status: turn.truncated ? 'incomplete' : 'completed',
    incomplete_details: turn.truncated ? { reason: 'max_output_tokens' } : null,
    output,
    usage: {
      input_tokens: inputTokens,
      input_tokens_details: { cached_tokens: usage.cacheReadTokens ?? 0, cache_write_tokens: usage.cacheWriteTokens ?? 0 },
      output_tokens: usage.outputTokens ?? 0,
      output_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
      total_tokens: inputTokens + (usage.outputTokens ?? 0)
    }
  }
  push(turn.truncated ? 'response.incomplete' : 'response.completed', { response: final })
  return events
}

const ERROR_CODES: Record<number, { type: string; code: string | null }> = {
  401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  403: { type: 'invalid_request_error', code: 'unsupported_country_region_territory' },
  404: { type: 'invalid_request_error', code: 'model_not_found' },
  429: { type: 'requests', code: 'rate_limit_exceeded' }
}

/** The OpenAI API's error body for an HTTP status (the Responses and Chat Completions APIs share it). */
export function openaiErrorBody(status: number, message: string): Record<string, unknown> {
  const known = ERROR_CODES[status] ?? { type: status >= 500 ? 'server_error' : 'invalid_request_error', code: null }
  return { error: { message, type: known.type, param: null, code: known.code } }
}

/** The `error` event the Responses API sends inside a stream that fails after it started. */
export function openaiResponsesErrorEvent(status: number, message: string, sequenceNumber: number): TSseEvent {
  const { error } = openaiErrorBody(status, message) as { error: { code: string | null; type: string } }
  const data = { type: 'error', code: error.code ?? error.type, message, param: null, sequence_number: sequenceNumber }
  return { event: 'error', data: JSON.stringify(data) }
}
