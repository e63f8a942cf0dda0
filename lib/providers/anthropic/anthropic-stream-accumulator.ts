import type { Message, MessageDeltaUsage, RawMessageStreamEvent, StopReason } from '@anthropic-ai/sdk/resources/messages'
import { createAssistantMessage, type TToolCall, type TUniversalMessageMetadata } from '../../core/messages.ts'
import type { TProviderResponse, TStopReason } from '../../core/provider.ts'
import type { IProviderStreamAccumulator } from '../shared/read-provider-stream.ts'
import { parseToolArguments } from '../../core/parse-tool-arguments.ts'
import { SERVER_TOOL_USES_METADATA_KEY, type TServerToolUse, type TServerToolUseCallback } from '../../core/server-tool-use.ts'
import { ANTHROPIC_SERVER_TOOL_METADATA_KEY, ANTHROPIC_THINKING_METADATA_KEY } from './to-anthropic-messages.ts'
import { toServerToolUse } from './to-server-tool-use.ts'

type TBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; json: string }
  | { type: 'server_tool_use'; id: string; name: string; json: string }
  | { type: 'web_search_tool_result'; block: { tool_use_id: string; content: unknown } }
  | { type: 'other'; block: unknown }

type TUsage = { input: number; output: number; cacheRead: number | null; cacheWrite: number | null; thinking: number | null }

/**
 * Folds the Messages API's stream events into one assistant reply: text (returned delta by
 * delta for `onTextDelta`), tool calls with their streamed JSON input, thinking blocks, the
 * web searches Anthropic ran on its servers (reported as they start and end), the stop reason
 * and usage.
 */
export class AnthropicStreamAccumulator implements IProviderStreamAccumulator<RawMessageStreamEvent> {
  /** True once `message_stop` arrived: the reply is whole. */
  completed = false
  private text = ''
  private started: Message | undefined
  private stopReason: StopReason | null = null
  private stopSequence: string | null = null
  private readonly blocks = new Map<number, TBlock>()
  private readonly usage: TUsage = { input: 0, output: 0, cacheRead: null, cacheWrite: null, thinking: null }
  private readonly serverToolUses = new Map<string, TServerToolUse>()

  /** `onServerToolUse` hears each server tool (a web search) as its input is whole and as its result arrives. */
  constructor(private readonly onServerToolUse?: TServerToolUseCallback) {}

  /** Takes one event; returns the text it added, if any. */
  add(event: RawMessageStreamEvent): string | undefined {
    switch (event.type) {
      case 'message_start':
        this.started = event.message
        this.readUsage(event.message.usage)
        return undefined
      case 'content_block_start': {
        const block = event.content_block
        if (block.type === 'text') this.blocks.set(event.index, { type: 'text', text: block.text })
        else if (block.type === 'thinking') this.blocks.set(event.index, { type: 'thinking', thinking: block.thinking, signature: block.signature })
        else if (block.type === 'redacted_thinking') this.blocks.set(event.index, { type: 'redacted_thinking', data: block.data })
        else if (block.type === 'tool_use') this.blocks.set(event.index, { type: 'tool_use', id: block.id, name: block.name, json: '' })
        else if (block.type === 'server_tool_use') this.blocks.set(event.index, { type: 'server_tool_use', id: block.id, name: block.name, json: '' })
        else if (block.type === 'web_search_tool_result') {
          this.blocks.set(event.index, { type: 'web_search_tool_result', block })
          this.finishServerToolUse(block)
        } else this.blocks.set(event.index, { type: 'other', block })
        if (block.type === 'text' && block.text) return this.appendText(block.text)
        return undefined
      }
      case 'content_block_delta':
        return this.addDelta(event.index, event.delta)
      case 'content_block_stop':
        this.startServerToolUse(this.blocks.get(event.index))
        return undefined
      case 'message_delta':
        this.stopReason = event.delta.stop_reason ?? this.stopReason
        this.stopSequence = event.delta.stop_sequence ?? this.stopSequence
        this.readUsage(event.usage)
        return undefined
      case 'message_stop':
        this.completed = true
        return undefined
      default:
        return undefined
    }
  }

  /**
   * The reply so far as Robota's provider response. After an abort it keeps every tool call that
   * had begun, with its input as far as it streamed, so the history shows what the model asked
   * for; the loop answers each as interrupted.
   */
  toResponse(aborted: boolean): TProviderResponse {
    const toolCalls = this.toolCalls()
    const stopReason: TStopReason = aborted
      ? 'aborted'
      : toolCalls.length > 0
        ? 'tool_use'
        : this.stopReason === 'max_tokens'
          ? 'max_tokens'
          : this.stopReason === 'stop_sequence'
            ? 'stop_sequence'
            : 'end_turn'
    return { ...createAssistantMessage(this.text, { toolCalls, metadata: this.metadata() }), stopReason }
  }

  /** The reply in the Messages API's own `Message` shape, for replay. */
  toNativeMessage(): Record<string, unknown> {
    return {
      ...(this.started ?? { type: 'message', role: 'assistant' }),
      content: [...this.blocks.values()].map(toNativeBlock),
      stop_reason: this.stopReason,
      stop_sequence: this.stopSequence,
      usage: {
        ...(this.started?.usage ?? {}),
        input_tokens: this.usage.input,
        output_tokens: this.usage.output,
        cache_read_input_tokens: this.usage.cacheRead,
        cache_creation_input_tokens: this.usage.cacheWrite
      }
    }
  }

  private addDelta(index: number, delta: Extract<RawMessageStreamEvent, { type: 'content_block_delta' }>['delta']): string | undefined {
    const block = this.blocks.get(index)
    if (delta.type === 'text_delta') {
      if (block?.type === 'text') block.text += delta.text
      return this.appendText(delta.text)
    }
    if (delta.type === 'input_json_delta' && (block?.type === 'tool_use' || block?.type === 'server_tool_use')) block.json += delta.partial_json
    else if (delta.type === 'thinking_delta' && block?.type === 'thinking') block.thinking += delta.thinking
    else if (delta.type === 'signature_delta' && block?.type === 'thinking') block.signature += delta.signature
    return undefined
  }

  // A server tool's input is whole at its block's stop; its result block follows.
  private startServerToolUse(block: TBlock | undefined): void {
    if (block?.type !== 'server_tool_use') return
    const use = toServerToolUse({ id: block.id, name: block.name, input: parseToolArguments(block.json) })
    if (!use) return
    this.serverToolUses.set(use.id, use)
    this.onServerToolUse?.({ ...use })
  }

  private finishServerToolUse(result: { tool_use_id: string; content: unknown }): void {
    const started = this.serverToolUses.get(result.tool_use_id)
    if (!started) return
    const finished = toServerToolUse({ id: started.id, name: 'web_search', input: started.input }, result.content)
    if (!finished) return
    this.serverToolUses.set(finished.id, finished)
    this.onServerToolUse?.({ ...finished })
  }

  private appendText(text: string): string {
    this.text += text
    return text
  }

  private toolCalls(): TToolCall[] {
    const calls: TToolCall[] = []
    for (const block of this.blocks.values()) {
      if (block.type === 'tool_use') calls.push({ id: block.id, name: block.name, arguments: parseToolArguments(block.json) })
    }
    return calls
  }

  // message_delta counts are cumulative, so each one replaces the last; absent fields stay.
  private readUsage(usage: Partial<Record<keyof MessageDeltaUsage, unknown>>): void {
    if (typeof usage.input_tokens === 'number') this.usage.input = usage.input_tokens
    if (typeof usage.output_tokens === 'number') this.usage.output = usage.output_tokens
    if (typeof usage.cache_read_input_tokens === 'number') this.usage.cacheRead = usage.cache_read_input_tokens
    if (typeof usage.cache_creation_input_tokens === 'number') this.usage.cacheWrite = usage.cache_creation_input_tokens
    const details = usage.output_tokens_details as { thinking_tokens?: unknown } | null | undefined
    if (typeof details?.thinking_tokens === 'number') this.usage.thinking = details.thinking_tokens
  }

  private metadata(): TUniversalMessageMetadata {
    const { input, output, cacheRead, cacheWrite, thinking } = this.usage
    // Like Robota's metadata, the Messages API counts cached prompt tokens apart from input_tokens.
    const metadata: TUniversalMessageMetadata = { inputTokens: input, outputTokens: output }
    if (cacheRead !== null) metadata.cacheReadTokens = cacheRead
    if (cacheWrite !== null) metadata.cacheWriteTokens = cacheWrite
    if (thinking !== null) metadata.reasoningTokens = thinking
    const thinkingBlocks = [...this.blocks.values()].filter((block) => block.type === 'thinking' || block.type === 'redacted_thinking')
    if (thinkingBlocks.length > 0) metadata[ANTHROPIC_THINKING_METADATA_KEY] = thinkingBlocks.map((block) => JSON.stringify(block))
    const serverBlocks = [...this.blocks.values()].filter((block) => block.type === 'server_tool_use' || block.type === 'web_search_tool_result')
    if (serverBlocks.length > 0) metadata[ANTHROPIC_SERVER_TOOL_METADATA_KEY] = serverBlocks.map((block) => JSON.stringify(toNativeBlock(block)))
    if (this.serverToolUses.size > 0) metadata[SERVER_TOOL_USES_METADATA_KEY] = [...this.serverToolUses.values()].map((use) => JSON.stringify(use))
    return metadata
  }
}

function toNativeBlock(block: TBlock): unknown {
  if (block.type === 'other' || block.type === 'web_search_tool_result') return block.block
  if (block.type !== 'tool_use' && block.type !== 'server_tool_use') return block
  return { type: block.type, id: block.id, name: block.name, input: parseToolArguments(block.json) }
}
