import type { MessageCreateParamsStreaming, TextBlockParam, ThinkingConfigParam, Tool } from '@anthropic-ai/sdk/resources/messages'
import type { TUniversalMessage } from '../../core/messages.ts'
import type { IChatOptions } from '../../core/provider.ts'
import { anthropicMaxOutputTokens } from './anthropic-models.ts'
import { toAnthropicMessages, toAnthropicTools } from './to-anthropic-messages.ts'

/** Request settings that belong to the provider instance rather than to one call. */
export type TAnthropicRequestSettings = {
  /** Marks the system prompt and the tool list as cacheable prefixes (`cache_control`). */
  promptCaching?: boolean
  /** Extended thinking; its blocks are kept in message metadata and sent back unmodified. */
  thinking?: ThinkingConfigParam
}

const EPHEMERAL = { type: 'ephemeral' } as const

/**
 * Builds the streaming Messages API request of one call. `temperature` is not sent: this API
 * version has no such field.
 */
export function buildAnthropicRequest(
  messages: readonly TUniversalMessage[],
  options: IChatOptions,
  settings: TAnthropicRequestSettings = {}
): MessageCreateParamsStreaming {
  const { system, messages: converted } = toAnthropicMessages(messages)
  const tools = toAnthropicTools(options.tools ?? [])
  const params: MessageCreateParamsStreaming = {
    model: options.model,
    max_tokens: options.maxTokens ?? anthropicMaxOutputTokens(options.model),
    messages: converted,
    stream: true
  }
  if (system !== undefined) params.system = settings.promptCaching ? [cacheableText(system)] : system
  if (tools.length > 0) params.tools = settings.promptCaching ? withCacheOnLast(tools) : tools
  if (settings.thinking) params.thinking = settings.thinking
  return params
}

function cacheableText(text: string): TextBlockParam {
  return { type: 'text', text, cache_control: EPHEMERAL }
}

// One breakpoint on the last tool caches the whole tool list before it.
function withCacheOnLast(tools: Tool[]): Tool[] {
  return tools.map((tool, index) => (index === tools.length - 1 ? { ...tool, cache_control: EPHEMERAL } : tool))
}
