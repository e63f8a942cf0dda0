import {
  argumentsText,
  splitInTwo,
  textPieces,
  type TFakeLlmTurn,
  type TFakeLlmTurnContext,
  type TSseEvent
} from './fake-llm-script.ts'
import { openaiErrorBody, openaiToolCallId } from './openai-responses-events.ts'

/**
 * Renders a scripted turn as the Chat Completions stream: `chat.completion.chunk` objects (a role
 * chunk, text chunks, tool-call chunks keyed by `index` with the id and name only in the first),
 * a chunk with `finish_reason`, a usage chunk with empty `choices` when the request asked for it
 * through `stream_options.include_usage`, then `[DONE]`.
 */
export function toChatCompletionsEvents(
  turn: TFakeLlmTurn,
  context: TFakeLlmTurnContext & { includeUsage: boolean }
): TSseEvent[] {
  const events: TSseEvent[] = []
  const base = { id: `chatcmpl-fake-${context.turnIndex}`, object: 'chat.completion.chunk', created: 1_700_000_000, model: context.model }
  const pushChoice = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    events.push({ data: JSON.stringify({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] }) })

  pushChoice({ role: 'assistant', content: '' })
  for (const piece of textPieces(turn)) pushChoice({ content: piece })
  for (const [callIndex, call] of (turn.toolCalls ?? []).entries()) {
    const id = call.id ?? openaiToolCallId(context.turnIndex, callIndex)
    pushChoice({ tool_calls: [{ index: callIndex, id, type: 'function', function: { name: call.name, arguments: '' } }] })
    for (const part of splitInTwo(argumentsText(call))) {
      pushChoice({ tool_calls: [{ index: callIndex, function: { arguments: part } }] })
    }
  }
  const hasToolCalls = (turn.toolCalls ?? []).length > 0
  pushChoice({}, turn.truncated ? 'length' : hasToolCalls ? 'tool_calls' : 'stop')

  if (context.includeUsage) {
    const usage = turn.usage ?? {}
    // OpenAI's prompt count includes the cached tokens its details break out.
    const prompt = (usage.inputTokens ?? 0) + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0)
    const completion = usage.outputTokens ?? 0
    const chunkUsage = {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      prompt_tokens_details: { cached_tokens: usage.cacheReadTokens ?? 0, cache_write_tokens: usage.cacheWriteTokens ?? 0 },
      completion_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 }
    }
    events.push({ data: JSON.stringify({ ...base, choices: [], usage: chunkUsage }) })
  }
  events.push({ data: '[DONE]' })
  return events
}

/** The chunk OpenAI-compatible servers send when a Chat Completions stream fails after it started. */
export function chatCompletionsErrorEvent(status: number, message: string): TSseEvent {
  return { data: JSON.stringify(openaiErrorBody(status, message)) }
}
