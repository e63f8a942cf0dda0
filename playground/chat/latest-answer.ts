import type { TUniversalMessage } from '../../lib/core/messages.ts'

/** The last committed assistant message that says something, as the text to announce. */
export function latestAnswer(messages: readonly TUniversalMessage[]): { id: string; text: string } | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]
    if (message?.role !== 'assistant' || message.content.trim() === '') continue
    const text = message.state === 'interrupted' ? `${message.content.trim()} (interrupted)` : message.content.trim()
    return { id: message.id, text }
  }
  return undefined
}
