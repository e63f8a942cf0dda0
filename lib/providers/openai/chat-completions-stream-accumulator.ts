import type { ChatCompletionChunk } from 'openai/resources/chat/completions'
import type { CompletionUsage } from 'openai/resources/completions'
import { createAssistantMessage, type TToolCall } from '../../core/messages.ts'
import type { TProviderResponse, TStopReason } from '../../core/provider.ts'
import type { IProviderStreamAccumulator } from '../shared/read-provider-stream.ts'
import { fromChatCompletionsUsage } from './openai-usage.ts'
import { parseToolArguments } from '../../core/parse-tool-arguments.ts'

type TPendingCall = { id: string; name: string; argumentsText: string }

/**
 * Folds Chat Completions chunks into one assistant reply: text (returned delta by delta for
 * `onTextDelta`), tool calls merged by `index` (id and name arrive once, arguments in pieces),
 * the finish reason, and the usage chunk.
 */
export class ChatCompletionsStreamAccumulator implements IProviderStreamAccumulator<ChatCompletionChunk> {
  private text = ''
  private first: ChatCompletionChunk | undefined
  private finishReason: ChatCompletionChunk.Choice['finish_reason'] = null
  private usage: CompletionUsage | undefined
  private readonly calls = new Map<number, TPendingCall>()

  /** True once a chunk carried a finish reason: the reply is whole. */
  get completed(): boolean {
    return this.finishReason !== null
  }

  /** Takes one chunk; returns the text it added, if any. */
  add(chunk: ChatCompletionChunk): string | undefined {
    this.first ??= chunk
    if (chunk.usage) this.usage = chunk.usage
    const choice = chunk.choices[0]
    if (!choice) return undefined
    if (choice.finish_reason) this.finishReason = choice.finish_reason
    for (const [position, delta] of (choice.delta.tool_calls ?? []).entries()) {
      // Some compatible servers leave `index` out; position in the chunk is the best guess then.
      const index = typeof delta.index === 'number' ? delta.index : position
      const call = this.calls.get(index) ?? { id: '', name: '', argumentsText: '' }
      if (delta.id) call.id = delta.id
      if (delta.function?.name) call.name = delta.function.name
      if (delta.function?.arguments) call.argumentsText += delta.function.arguments
      this.calls.set(index, call)
    }
    const content = choice.delta.content ?? choice.delta.refusal
    if (!content) return undefined
    this.text += content
    return content
  }

  /**
   * The reply so far as Robota's provider response. After an abort it keeps every tool call that
   * had begun, with its arguments as far as they streamed, so the history shows what the model
   * asked for; the loop answers each as interrupted.
   */
  toResponse(aborted: boolean): TProviderResponse {
    const toolCalls = this.toolCalls()
    const stopReason: TStopReason = aborted
      ? 'aborted'
      : toolCalls.length > 0
        ? 'tool_use'
        : this.finishReason === 'length'
          ? 'max_tokens'
          : 'end_turn'
    return { ...createAssistantMessage(this.text, { toolCalls, metadata: fromChatCompletionsUsage(this.usage) }), stopReason }
  }

  /** The reply in the shape of a non-streamed `chat.completion`, for replay. */
  toNativeCompletion(): Record<string, unknown> {
    const toolCalls = [...this.calls.values()].map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.argumentsText }
    }))
    return {
      id: this.first?.id,
      object: 'chat.completion',
      created: this.first?.created,
      model: this.first?.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: this.text || null, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
          finish_reason: this.finishReason
        }
      ],
      ...(this.usage ? { usage: this.usage } : {})
    }
  }

  private toolCalls(): TToolCall[] {
    return [...this.calls.entries()]
      .filter(([, call]) => call.name !== '')
      .sort(([left], [right]) => left - right)
      // A server that sends no call id still needs one that links the call to its result.
      .map(([index, call]) => ({ id: call.id || `call_${index}`, name: call.name, arguments: parseToolArguments(call.argumentsText) }))
  }
}
