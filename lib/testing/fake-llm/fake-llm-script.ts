/** One server-sent event: `event` is the SSE event name (omitted on the Chat Completions wire). */
export type TSseEvent = { event?: string; data: string }

/** A tool call the fake model makes. A string `arguments` is sent verbatim, to script malformed JSON. */
export type TFakeLlmToolCall = {
  id?: string
  name: string
  arguments: Record<string, unknown> | string
}

/**
 * A web search the fake provider runs on its own servers before it answers (Anthropic's
 * `web_search` server tool, the Responses API's `web_search` tool). The request must carry that
 * tool, as the real APIs require, or the server answers 400.
 */
export type TFakeLlmWebSearch = {
  id?: string
  query: string
  /** Pages found; Anthropic sends them as `web_search_result` blocks, the Responses API as sources when asked for. */
  results?: Array<{ title: string; url: string }>
  /** Makes the search fail with this error code (Anthropic's `web_search_tool_result_error`, a failed Responses call). */
  errorCode?: string
}

/**
 * Token usage the fake model reports, in Robota's normalized terms: `inputTokens` counts the
 * prompt tokens neither read from nor written to the cache, so the whole prompt is
 * `inputTokens + cacheReadTokens + cacheWriteTokens`. Each wire format writes it as its API does.
 */
export type TFakeLlmUsage = {
  inputTokens?: number
  outputTokens?: number
  cacheReadTokens?: number
  cacheWriteTokens?: number
  reasoningTokens?: number
}

/** A failure the fake server produces instead of, or in the middle of, a turn. */
export type TFakeLlmFault =
  /** Answers with this HTTP status and the API's JSON error body, and `retry-after` when given. */
  | { kind: 'http-error'; status: number; message?: string; retryAfterSeconds?: number }
  /**
   * Sends `afterEvents` events, half of the next one, then drops the connection `closeAfterMs`
   * later (10 by default). A browser discards bytes its page has not read yet when the connection
   * resets, so a client that may be busy for a moment needs a longer pause to see what came first.
   */
  | { kind: 'cut-stream'; afterEvents: number; closeAfterMs?: number }
  /** Sends `afterEvents` events, then one whose data is not valid JSON, then ends. */
  | { kind: 'malformed-event'; afterEvents: number }
  /** Sends `afterEvents` events, then the API's own in-stream error event for `status`, then ends. */
  | { kind: 'error-event'; afterEvents: number; status: number; message?: string }
  /** Sends `afterEvents` events, then nothing more until the client gives up or the server closes. */
  | { kind: 'stall'; afterEvents: number }

/** One scripted model turn: reasoning, streamed text pieces, tool calls, usage, or a fault. */
export type TFakeLlmTurn = {
  text?: string | string[]
  /** Reasoning the model shows before answering (Anthropic thinking, Responses reasoning summary). */
  reasoning?: string
  toolCalls?: TFakeLlmToolCall[]
  /** Hosted web searches the model runs before its text, in order. */
  webSearches?: TFakeLlmWebSearch[]
  usage?: TFakeLlmUsage
  /** Ends the turn as if the output token limit was hit. */
  truncated?: boolean
  /**
   * Ends the turn as if the model wrote this stop sequence: Anthropic reports it
   * (`stop_sequence`); the other wires end as usual, since their APIs do not tell it apart.
   */
  stopSequence?: string
  fault?: TFakeLlmFault
}

/** What every wire format needs to know about the turn it renders. */
export type TFakeLlmTurnContext = { turnIndex: number; model: string }

/** The text pieces of a turn, in order. */
export function textPieces(turn: TFakeLlmTurn): string[] {
  if (turn.text === undefined) return []
  return typeof turn.text === 'string' ? [turn.text] : turn.text
}

/** A tool call's arguments as the JSON text the model streams. */
export function argumentsText(call: TFakeLlmToolCall): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)
}

/** Splits streamed argument text in two, so clients must merge partial JSON deltas. */
export function splitInTwo(text: string): string[] {
  if (text.length < 2) return [text]
  const middle = Math.floor(text.length / 2)
  return [text.slice(0, middle), text.slice(middle)]
}

/** Serializes one event the way the SSE wire carries it. */
export function formatSseEvent(event: TSseEvent): string {
  return `${event.event ? `event: ${event.event}\n` : ''}data: ${event.data}\n\n`
}
