import type { FunctionTool, ResponseInputItem } from 'openai/resources/responses/responses'
import type { TAssistantMessage, TUniversalMessage } from '../../core/messages.ts'
import type { IToolSchema } from '../../core/provider.ts'

/** Metadata key under which an assistant message keeps its encrypted reasoning items, one JSON text each. */
export const OPENAI_REASONING_METADATA_KEY = 'openaiReasoningItems'

/** Metadata key under which an assistant message keeps its hosted web search calls (`web_search_call` items), one JSON text each. */
export const OPENAI_WEB_SEARCH_METADATA_KEY = 'openaiWebSearchCalls'

/** The `instructions` and `input` fields of a Responses API request. */
export type TResponsesConversation = { instructions: string | undefined; input: ResponseInputItem[] }

/**
 * Converts Robota messages to Responses API input items. System messages become `instructions`;
 * an assistant turn becomes its reasoning items, its web search calls, its text, then one `function_call` item per
 * tool call; each tool result becomes a `function_call_output` item. Call ids pass verbatim.
 */
export function toResponsesInput(messages: readonly TUniversalMessage[]): TResponsesConversation {
  const instructions: string[] = []
  const input: ResponseInputItem[] = []
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        instructions.push(message.content)
        break
      case 'user':
        input.push({ role: 'user', content: message.content })
        break
      case 'tool':
        input.push({ type: 'function_call_output', call_id: message.toolCallId, output: message.content })
        break
      case 'assistant':
        input.push(...toAssistantItems(message))
        break
    }
  }
  return { instructions: instructions.length > 0 ? instructions.join('\n\n') : undefined, input }
}

/** Converts tool schemas to Responses API function tools (non-strict: schemas may be loose). */
export function toResponsesTools(tools: readonly IToolSchema[]): FunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    strict: false
  }))
}

function toAssistantItems(message: TAssistantMessage): ResponseInputItem[] {
  // The searches the model ran go back where they were, after its reasoning and before its text.
  const items: ResponseInputItem[] = [...readStoredItems(message, OPENAI_REASONING_METADATA_KEY), ...readStoredItems(message, OPENAI_WEB_SEARCH_METADATA_KEY)]
  if (message.content) items.push({ role: 'assistant', content: message.content })
  for (const call of message.toolCalls ?? []) {
    items.push({ type: 'function_call', call_id: call.id, name: call.name, arguments: JSON.stringify(call.arguments) })
  }
  return items
}

function readStoredItems(message: TAssistantMessage, key: string): ResponseInputItem[] {
  const stored = message.metadata?.[key]
  if (!Array.isArray(stored)) return []
  return stored.filter((entry): entry is string => typeof entry === 'string').map((entry) => JSON.parse(entry) as ResponseInputItem)
}
