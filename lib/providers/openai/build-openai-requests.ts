import type { ChatCompletionCreateParamsStreaming, ChatCompletionToolChoiceOption } from 'openai/resources/chat/completions'
import type { ResponseCreateParamsStreaming } from 'openai/resources/responses/responses'
import type { Reasoning } from 'openai/resources/shared'
import type { TUniversalMessage } from '../../core/messages.ts'
import type { IChatOptions, TToolChoice } from '../../core/provider.ts'
import { toChatCompletionsMessages, toChatCompletionsTools } from './to-chat-completions-messages.ts'
import { toResponsesInput, toResponsesTools } from './to-responses-input.ts'

/**
 * Builds the streaming Responses API request of one call. `store: false` keeps the call
 * stateless: the whole conversation is sent each time, and nothing is kept on OpenAI's side.
 * With `reasoning` set, encrypted reasoning is asked for so it can be sent back next turn.
 * `toolChoice` is sent only with tools.
 */
export function buildResponsesRequest(
  messages: readonly TUniversalMessage[],
  options: IChatOptions,
  reasoning?: Reasoning
): ResponseCreateParamsStreaming {
  const { instructions, input } = toResponsesInput(messages)
  const tools = toResponsesTools(options.tools ?? [])
  const params: ResponseCreateParamsStreaming = { model: options.model, input, stream: true, store: false }
  if (instructions !== undefined) params.instructions = instructions
  if (tools.length > 0) params.tools = tools
  if (tools.length > 0 && options.toolChoice !== undefined) params.tool_choice = toResponsesToolChoice(options.toolChoice)
  if (options.maxTokens !== undefined) params.max_output_tokens = options.maxTokens
  if (options.temperature !== undefined) params.temperature = options.temperature
  if (reasoning) {
    params.reasoning = reasoning
    params.include = ['reasoning.encrypted_content']
  }
  return params
}

/**
 * Builds the streaming Chat Completions request of one call, asking for the usage chunk.
 * OpenAI itself wants `max_completion_tokens`; compatible servers mostly know only `max_tokens`.
 */
export function buildChatCompletionsRequest(
  messages: readonly TUniversalMessage[],
  options: IChatOptions,
  target: { isOpenAI: boolean }
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
  return params
}

function toResponsesToolChoice(choice: TToolChoice): NonNullable<ResponseCreateParamsStreaming['tool_choice']> {
  return typeof choice === 'string' ? choice : { type: 'function', name: choice.name }
}

function toChatCompletionsToolChoice(choice: TToolChoice): ChatCompletionToolChoiceOption {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } }
}
