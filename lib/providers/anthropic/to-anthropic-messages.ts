import type {
  ContentBlockParam,
  MessageParam,
  RedactedThinkingBlockParam,
  TextBlockParam,
  ThinkingBlockParam,
  Tool
} from '@anthropic-ai/sdk/resources/messages'
import type { TAssistantMessage, TUniversalMessage } from '../../core/messages.ts'
import type { IToolSchema } from '../../core/provider.ts'

/** Metadata key under which an assistant message keeps its thinking blocks, one JSON text each. */
export const ANTHROPIC_THINKING_METADATA_KEY = 'anthropicThinkingBlocks'

/**
 * Metadata key under which an assistant message keeps the blocks of the tools Anthropic ran on
 * its servers (`server_tool_use` and its `web_search_tool_result`), one JSON text each.
 */
export const ANTHROPIC_SERVER_TOOL_METADATA_KEY = 'anthropicServerToolBlocks'

/** The `system` and `messages` fields of a Messages API request. */
export type TAnthropicConversation = { system: string | undefined; messages: MessageParam[] }

/**
 * Converts Robota messages to the Messages API's shape. System messages become the separate
 * `system` field; the results of one round's tool calls share one user message, one
 * `tool_result` block each; tool call ids pass through verbatim; thinking blocks kept in an
 * assistant message's metadata go back first, unmodified, as the API requires, then the blocks
 * of its server tools (web search calls and their results).
 */
export function toAnthropicMessages(messages: readonly TUniversalMessage[]): TAnthropicConversation {
  const system: string[] = []
  const converted: MessageParam[] = []
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        system.push(message.content)
        break
      case 'user':
        appendTurn(converted, 'user', message.content)
        break
      case 'tool':
        appendTurn(converted, 'user', [{ type: 'tool_result', tool_use_id: message.toolCallId, content: message.content }])
        break
      case 'assistant': {
        const blocks = toAssistantBlocks(message)
        if (blocks.length > 0) appendTurn(converted, 'assistant', blocks)
        break
      }
    }
  }
  return { system: system.length > 0 ? system.join('\n\n') : undefined, messages: converted }
}

/** Converts tool schemas to Messages API tools. */
export function toAnthropicTools(tools: readonly IToolSchema[]): Tool[] {
  return tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.parameters }))
}

function toAssistantBlocks(message: TAssistantMessage): ContentBlockParam[] {
  // Server tool blocks come back after the thinking, before the text they informed.
  const blocks: ContentBlockParam[] = [...readThinkingBlocks(message), ...readStoredBlocks(message, ANTHROPIC_SERVER_TOOL_METADATA_KEY)]
  if (message.content) blocks.push({ type: 'text', text: message.content })
  for (const call of message.toolCalls ?? []) {
    blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments })
  }
  return blocks
}

function readThinkingBlocks(message: TAssistantMessage): Array<ThinkingBlockParam | RedactedThinkingBlockParam> {
  return readStoredBlocks(message, ANTHROPIC_THINKING_METADATA_KEY) as Array<ThinkingBlockParam | RedactedThinkingBlockParam>
}

function readStoredBlocks(message: TAssistantMessage, key: string): ContentBlockParam[] {
  const stored = message.metadata?.[key]
  if (!Array.isArray(stored)) return []
  return stored.filter((entry): entry is string => typeof entry === 'string').map((entry) => JSON.parse(entry) as ContentBlockParam)
}

// The API would merge consecutive same-role turns anyway; merging here keeps the request exactly
// what was meant: all tool results of a round, and any text after them, in one user turn.
function appendTurn(messages: MessageParam[], role: 'user' | 'assistant', content: string | ContentBlockParam[]): void {
  const last = messages.at(-1)
  if (last && last.role === role) {
    last.content = [...toBlocks(last.content), ...toBlocks(content)]
    return
  }
  messages.push(role === 'user' ? { role: 'user', content } : { role: 'assistant', content })
}

function toBlocks(content: string | ContentBlockParam[]): ContentBlockParam[] {
  if (typeof content !== 'string') return content
  const text: TextBlockParam = { type: 'text', text: content }
  return [text]
}
