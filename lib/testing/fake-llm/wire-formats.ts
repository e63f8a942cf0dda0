import { anthropicErrorBody, anthropicErrorEvent, toAnthropicMessagesEvents } from './anthropic-messages-events.ts'
import { chatCompletionsErrorEvent, toChatCompletionsEvents } from './chat-completions-events.ts'
import type { TFakeLlmTurn, TFakeLlmTurnContext, TSseEvent } from './fake-llm-script.ts'
import { geminiErrorBody, geminiErrorEvent, toGeminiGenerateContentEvents } from './gemini-generate-content-events.ts'
import { openaiErrorBody, openaiResponsesErrorEvent, toOpenAIResponsesEvents } from './openai-responses-events.ts'

/** The wire formats the fake server speaks, one per endpoint. */
export type TFakeLlmWireFormat = 'anthropic-messages' | 'responses' | 'chat-completions' | 'gemini-generate-content'

/** Which wire format each endpoint speaks. */
export const WIRE_FORMAT_ROUTES: Readonly<Record<string, TFakeLlmWireFormat>> = {
  '/v1/messages': 'anthropic-messages',
  '/v1/responses': 'responses',
  '/v1/chat/completions': 'chat-completions'
}

/** Where a request went: its wire format, and for Gemini the model and method named in the path. */
export type TWireRoute = { wireFormat: TFakeLlmWireFormat; model?: string; streaming?: boolean }

// Gemini names the model and the method in the path: /v1beta/models/{model}:streamGenerateContent.
const GEMINI_ROUTE = /^\/v1beta\/models\/([^/:]+):(streamGenerateContent|generateContent)$/

/** The route of a request path, or `undefined` when the fake server has none there. */
export function matchWireRoute(path: string): TWireRoute | undefined {
  const wireFormat = WIRE_FORMAT_ROUTES[path]
  if (wireFormat) return { wireFormat }
  const gemini = GEMINI_ROUTE.exec(path)
  if (!gemini) return undefined
  return { wireFormat: 'gemini-generate-content', model: decodeURIComponent(gemini[1] ?? ''), streaming: gemini[2] === 'streamGenerateContent' }
}

/** The parts of a request body that change what the stream holds. */
export type TStreamRequestBody = {
  model?: unknown
  stream?: unknown
  include?: unknown
  tools?: unknown
  stream_options?: { include_usage?: unknown }
  generationConfig?: { thinkingConfig?: { includeThoughts?: unknown } }
}

/** Renders a turn as the event sequence of `wireFormat`, honouring what the request asked for. */
export function renderTurnEvents(
  wireFormat: TFakeLlmWireFormat,
  turn: TFakeLlmTurn,
  context: TFakeLlmTurnContext,
  body: TStreamRequestBody
): TSseEvent[] {
  if (wireFormat === 'anthropic-messages') return toAnthropicMessagesEvents(turn, context)
  if (wireFormat === 'gemini-generate-content') {
    return toGeminiGenerateContentEvents(turn, { ...context, includeThoughts: body.generationConfig?.thinkingConfig?.includeThoughts === true })
  }
  if (wireFormat === 'responses') {
    const includes = Array.isArray(body.include) ? body.include : []
    return toOpenAIResponsesEvents(turn, {
      ...context,
      includeEncryptedReasoning: includes.includes('reasoning.encrypted_content'),
      includeSearchSources: includes.includes('web_search_call.action.sources')
    })
  }
  return toChatCompletionsEvents(turn, { ...context, includeUsage: body.stream_options?.include_usage === true })
}

/** The JSON error body `wireFormat`'s API sends with an HTTP error status. */
export function wireErrorBody(wireFormat: TFakeLlmWireFormat, status: number, message: string, retryAfterSeconds?: number): Record<string, unknown> {
  if (wireFormat === 'gemini-generate-content') return geminiErrorBody(status, message, retryAfterSeconds)
  return wireFormat === 'anthropic-messages' ? anthropicErrorBody(status, message) : openaiErrorBody(status, message)
}

/** The event `wireFormat`'s API sends when a stream fails after it started. */
export function inStreamErrorEvent(wireFormat: TFakeLlmWireFormat, status: number, message: string, sequence: number): TSseEvent {
  if (wireFormat === 'anthropic-messages') return anthropicErrorEvent(status, message)
  if (wireFormat === 'gemini-generate-content') return geminiErrorEvent(status, message)
  if (wireFormat === 'responses') return openaiResponsesErrorEvent(status, message, sequence)
  return chatCompletionsErrorEvent(status, message)
}

// The hosted search tool each wire names in its `tools`; Chat Completions and Gemini have none here.
const WEB_SEARCH_TOOL: Partial<Record<TFakeLlmWireFormat, (tool: Record<string, unknown>) => boolean>> = {
  'anthropic-messages': (tool) => typeof tool.type === 'string' && tool.type.startsWith('web_search_') && tool.name === 'web_search',
  responses: (tool) => tool.type === 'web_search' || tool.type === 'web_search_2025_08_26'
}

/**
 * Why a turn that runs web searches cannot be played for this request (the request carries no
 * hosted web search tool, or the wire has none), as the API would refuse it; `undefined` when it can.
 */
export function webSearchRefusal(wireFormat: TFakeLlmWireFormat, turn: TFakeLlmTurn, body: TStreamRequestBody): string | undefined {
  if (!turn.webSearches?.length) return undefined
  const isSearchTool = WEB_SEARCH_TOOL[wireFormat]
  if (!isSearchTool) return `The ${wireFormat} wire has no hosted web search tool.`
  const tools = Array.isArray(body.tools) ? (body.tools as Array<Record<string, unknown>>) : []
  return tools.some((tool) => typeof tool === 'object' && tool !== null && isSearchTool(tool))
    ? undefined
    : 'The scripted turn runs a web search, but the request has no web_search tool.'
}
