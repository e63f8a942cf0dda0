import { textPieces, type TFakeLlmTurn, type TFakeLlmTurnContext, type TSseEvent } from './fake-llm-script.ts'

/** The function call id the fake Gemini model gives a call that the script left without one. */
export function geminiToolCallId(turnIndex: number, callIndex: number): string {
  return `gemini_call_fake_${turnIndex}_${callIndex}`
}

/**
 * Renders a scripted turn as Gemini's `streamGenerateContent?alt=sse` stream: one
 * `GenerateContentResponse` per `data:` line, each with one candidate holding that chunk's
 * parts. A thought summary comes first when the request set `thinkingConfig.includeThoughts`;
 * text follows piece by piece; the function calls come whole, together in one chunk, the first
 * carrying the thought signature when the turn reasoned; the last chunk has the finish reason
 * and the usage. A call's arguments, scripted as text, are sent parsed (Gemini sends objects).
 */
export function toGeminiGenerateContentEvents(
  turn: TFakeLlmTurn,
  context: TFakeLlmTurnContext & { includeThoughts: boolean }
): TSseEvent[] {
  const usage = turn.usage ?? {}
  const prompt = (usage.inputTokens ?? 0) + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0)
  const base = { modelVersion: context.model, responseId: `gemini_fake_${context.turnIndex}` }
  const chunks: Array<Array<Record<string, unknown>>> = []
  const signature = turn.reasoning === undefined ? undefined : `sig_fake_${context.turnIndex}`
  if (turn.reasoning !== undefined && context.includeThoughts) chunks.push([{ text: turn.reasoning, thought: true }])
  for (const piece of textPieces(turn)) chunks.push([{ text: piece }])
  const calls = (turn.toolCalls ?? []).map((call, index) => ({
    functionCall: { id: call.id ?? geminiToolCallId(context.turnIndex, index), name: call.name, args: toArgs(call.arguments) },
    ...(index === 0 && signature ? { thoughtSignature: signature } : {})
  }))
  if (calls.length > 0) chunks.push(calls)
  else if (signature) chunks.push([{ text: '', thoughtSignature: signature }])

  const reasoning = usage.reasoningTokens ?? 0
  const finalUsage = {
    promptTokenCount: prompt,
    candidatesTokenCount: Math.max(0, (usage.outputTokens ?? 0) - reasoning),
    totalTokenCount: prompt + (usage.outputTokens ?? 0),
    ...(usage.cacheReadTokens !== undefined ? { cachedContentTokenCount: usage.cacheReadTokens } : {}),
    ...(usage.reasoningTokens !== undefined ? { thoughtsTokenCount: usage.reasoningTokens } : {})
  }
  const finishReason = turn.truncated ? 'MAX_TOKENS' : 'STOP'
  if (chunks.length === 0) chunks.push([{ text: '' }])
  return chunks.map((parts, index) => {
    const last = index === chunks.length - 1
    const candidate = { content: { parts, role: 'model' }, index: 0, ...(last ? { finishReason } : {}) }
    const chunkUsage = last ? finalUsage : { promptTokenCount: prompt, totalTokenCount: prompt }
    return { data: JSON.stringify({ candidates: [candidate], usageMetadata: chunkUsage, ...base }) }
  })
}

function toArgs(argumentsValue: Record<string, unknown> | string): Record<string, unknown> {
  if (typeof argumentsValue !== 'string') return argumentsValue
  try {
    return JSON.parse(argumentsValue) as Record<string, unknown>
  } catch {
    // Gemini cannot send arguments that are not JSON; the script's text arrives as a value.
    return { raw: argumentsValue }
  }
}

const ERROR_STATUSES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED'
}

/**
 * The Gemini API's error body for an HTTP status (`google.rpc.Status` as JSON). A 429 carries
 * `RetryInfo` when a delay is given, which is how Gemini says when to retry.
 */
export function geminiErrorBody(status: number, message: string, retryAfterSeconds?: number): Record<string, unknown> {
  const details = retryAfterSeconds === undefined ? [] : [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryAfterSeconds}s` }]
  const statusName = ERROR_STATUSES[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION')
  return { error: { code: status, message, status: statusName, ...(details.length > 0 ? { details } : {}) } }
}

/** What Gemini answers a request whose key it does not know: a 400 whose reason says so. */
export function geminiInvalidKeyBody(message: string): Record<string, unknown> {
  return {
    error: {
      code: 400,
      message,
      status: 'INVALID_ARGUMENT',
      details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }]
    }
  }
}

/** The chunk Gemini sends when a stream fails after it started: the error body on a `data:` line. */
export function geminiErrorEvent(status: number, message: string): TSseEvent {
  return { data: JSON.stringify(geminiErrorBody(status, message)) }
}
