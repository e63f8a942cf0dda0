import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam
} from 'openai/resources/chat/completions'
import type { TAssistantMessage, TUniversalMessage } from '../../core/messages.ts'
import type { IToolSchema } from '../../core/provider.ts'

/**
 * Converts Robota messages to Chat Completions messages. System messages are gathered into one
 * leading `system` message (OpenAI-compatible servers often accept only one, and only first);
 * each tool result becomes its own `tool` message; call ids pass verbatim.
 */
export function toChatCompletionsMessages(messages: readonly TUniversalMessage[]): ChatCompletionMessageParam[] {
  const system: string[] = []
  const converted: ChatCompletionMessageParam[] = []
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        system.push(message.content)
        break
      case 'user':
        converted.push({ role: 'user', content: message.content })
        break
      case 'tool':
        converted.push({ role: 'tool', tool_call_id: message.toolCallId, content: message.content })
        break
      case 'assistant': {
        const assistant = toAssistantMessage(message)
        if (assistant) converted.push(assistant)
        break
      }
    }
  }
  return system.length > 0 ? [{ role: 'system', content: system.join('\n\n') }, ...converted] : converted
}

/** Converts tool schemas to Chat Completions function tools. */
export function toChatCompletionsTools(tools: readonly IToolSchema[]): ChatCompletionFunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters }
  }))
}

function toAssistantMessage(message: TAssistantMessage): ChatCompletionAssistantMessageParam | undefined {
  const toolCalls = message.toolCalls ?? []
  if (!message.content && toolCalls.length === 0) return undefined
  const assistant: ChatCompletionAssistantMessageParam = { role: 'assistant', content: message.content || null }
  if (toolCalls.length > 0) {
    assistant.tool_calls = toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.arguments) }
    }))
  }
  return assistant
}
