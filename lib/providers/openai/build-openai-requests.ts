import type { ChatCompletionCreateParamsStreaming, ChatCompletionToolChoiceOption } from 'openai/resources/chat/completions'
import type { ResponseCreateParamsStreaming, ResponseIncludable, Tool } from 'openai/resources/responses/responses'
import type { Reasoning } from 'openai/resources/shared'
import { ConfigurationError } from '../../core/errors.ts'
import type { TUniversalMessage } from '../../core/messages.ts'
import type { IChatOptions, TToolChoice } from '../../core/provider.ts'
import { pickProviderOptions, type TReservedRequestFields } from '../shared/pick-provider-options.ts'
import { toChatCompletionsMessages, toChatCompletionsTools } from './to-chat-completions-messages.ts'
import { toResponsesInput, toResponsesTools } from './to-responses-input.ts'

const COMMON_RESERVED_FIELDS = {
  model: "from the agent's defaultModel",
  stream: 'every call streams',
  tools: "from the agent's tools",
  tool_choice: 'use the toolChoice option',
  temperature: 'use the temperature option'
} as const

/** Responses API fields Robota sets itself, which `providerOptions.openai` may not hold there. */
export const RESPONSES_RESERVED_FIELDS = {
  ...COMMON_RESERVED_FIELDS,
  input: 'from the conversation',
  instructions: "from the agent's systemMessage",
  store: 'calls are stateless: the whole conversation is sent each time',
  max_output_tokens: 'use the maxTokens option',
  reasoning: "use OpenAIProvider's reasoning option",
  include: "use OpenAIProvider's reasoning and enableWebTools options",
  text: "use run()'s output option for a JSON-schema reply"
} as const satisfies TReservedRequestFields

/** Chat Completions fields Robota sets itself, which `providerOptions.openai` may not hold there. */
export const CHAT_COMPLETIONS_RESERVED_FIELDS = {
  ...COMMON_RESERVED_FIELDS,
  messages: 'from the conversation',
  stream_options: 'usage is always asked for',
  max_tokens: 'use the maxTokens option',
  max_completion_tokens: 'use the maxTokens option',
  stop: 'use the stopSequences option',
  response_format: "use run()'s output option for a JSON-schema reply"
} as const satisfies TReservedRequestFields

/** Fields of a Responses request that `providerOptions.openai` may carry (`top_p`, `metadata`, `service_tier`…). */
export type TOpenAIResponsesRequestOptions = Partial<Omit<ResponseCreateParamsStreaming, keyof typeof RESPONSES_RESERVED_FIELDS>>

/** Fields of a Chat Completions request that `providerOptions.openai` may carry (`top_p`, `seed`, `user`…). */
export type TOpenAIChatCompletionsRequestOptions = Partial<Omit<ChatCompletionCreateParamsStreaming, keyof typeof CHAT_COMPLETIONS_RESERVED_FIELDS>>

const OPENAI = { name: 'openai', label: 'OpenAIProvider' }

/**
 * Builds the streaming Responses API request of one call. `store: false` keeps the call
 * stateless: the whole conversation is sent each time, and nothing is kept on OpenAI's side.
 * With `reasoning` set, encrypted reasoning is asked for so it can be sent back next turn.
 * `toolChoice` is sent only with tools. The Responses API has no stop parameter, so
 * `stopSequences` is refused with a `ConfigurationError`. An `output` schema is `text.format`
 * `json_schema` (not strict, so optional fields stay optional). `webSearch` adds the hosted
 * `web_search` tool and asks for its sources. `providerOptions.openai` is merged last.
 */
export function buildResponsesRequest(
  messages: readonly TUniversalMessage[],
  options: IChatOptions,
  reasoning?: Reasoning,
  webSearch = false
): ResponseCreateParamsStreaming {
  if (options.stopSequences !== undefined && options.stopSequences.length > 0) {
    throw new ConfigurationError(
      "OpenAIProvider cannot send stopSequences on the Responses API: it has no stop parameter. Remove `stopSequences`, or use apiSurface: 'chat-completions', whose `stop` takes them.",
      { details: { provider: 'openai', apiSurface: 'responses', option: 'stopSequences' } }
    )
  }
  const { instructions, input } = toResponsesInput(messages)
  const tools: Tool[] = [...toResponsesTools(options.tools ?? []), ...(webSearch ? [{ type: 'web_search' as const }] : [])]
  const params: ResponseCreateParamsStreaming = { model: options.model, input, stream: true, store: false }
  if (instructions !== undefined) params.instructions = instructions
  if (tools.length > 0) params.tools = tools
  if (tools.length > 0 && options.toolChoice !== undefined) params.tool_choice = toResponsesToolChoice(options.toolChoice)
  if (options.maxTokens !== undefined) params.max_output_tokens = options.maxTokens
  if (options.temperature !== undefined) params.temperature = options.temperature
  const include: ResponseIncludable[] = []
  if (reasoning) {
    params.reasoning = reasoning
    include.push('reasoning.encrypted_content')
  }
  // The pages a search found come back only when asked for.
  if (webSearch) include.push('web_search_call.action.sources')
  if (include.length > 0) params.include = include
  if (options.output) params.text = { format: { type: 'json_schema', name: options.output.name, schema: options.output.schema, strict: false } }
  return { ...params, ...pickProviderOptions(options.providerOptions, OPENAI, RESPONSES_RESERVED_FIELDS) }
}

/**
 * Builds the streaming Chat Completions request of one call, asking for the usage chunk.
 * OpenAI itself wants `max_completion_tokens`; compatible servers mostly know only `max_tokens`.
 * `stopSequences` is `stop`; the provider's `reasoning` effort is `reasoning_effort`; an `output` schema is `response_format` `json_schema` (not strict);
 * `providerOptions.openai` is merged last.
 */
export function buildChatCompletionsRequest(
  messages: readonly TUniversalMessage[],
  options: IChatOptions,
  target: { isOpenAI: boolean },
  reasoning?: Reasoning
): ChatCompletionCreateParamsStreaming {
  const tools = toChatCompletionsTools(options.tools ?? [])
  const params: ChatCompletionCreateParamsStreaming = {
    model: options.model,
    messages: toChatCompletionsMessages(messages),
    stream: true,
    stream_options: { include_usage: true }
  }
  if (tools.length > 0) params.tools = tools
  if (tools.length > 0 && options.toolChoice !== undefined) params.tool_choice = toChatCompletionsToolChoice(options.toolChoice)
  if (options.maxTokens !== undefined) {
    if (target.isOpenAI) params.max_completion_tokens = options.maxTokens
    else params.max_tokens = options.maxTokens
  }
  if (options.temperature !== undefined) params.temperature = options.temperature
  if (options.stopSequences?.length) params.stop = options.stopSequences
  // Chat Completions has only the effort of `reasoning`: its summary and encrypted items are the Responses API's.
  if (reasoning?.effort) params.reasoning_effort = reasoning.effort
  if (options.output) {
    params.response_format = { type: 'json_schema', json_schema: { name: options.output.name, schema: options.output.schema, strict: false } }
  }
  return { ...params, ...pickProviderOptions(options.providerOptions, OPENAI, CHAT_COMPLETIONS_RESERVED_FIELDS) }
}

function toResponsesToolChoice(choice: TToolChoice): NonNullable<ResponseCreateParamsStreaming['tool_choice']> {
  return typeof choice === 'string' ? choice : { type: 'function', name: choice.name }
}

function toChatCompletionsToolChoice(choice: TToolChoice): ChatCompletionToolChoiceOption {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } }
}
