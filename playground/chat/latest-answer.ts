import type { TUniversalMessage } from '../../lib/core/messages.ts'

/**
 * At most this many characters of an answer go to the live region (about a minute of speech).
 * Beyond that a listener reads on in the conversation, and the hidden region stays cheap to lay
 * out: the browser shapes its text as one line, which for an answer of 180 KB took 200 ms.
 */
export const ANNOUNCED_CHARACTERS = 1_500

/** What the live region says after an answer cut at `ANNOUNCED_CHARACTERS`. */
export const ANSWER_CONTINUES = '… (the rest is in the conversation)'

/** The last committed assistant message that says something, as the text to announce. */
export function latestAnswer(messages: readonly TUniversalMessage[]): { id: string; text: string } | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]
    if (message?.role !== 'assistant' || message.content.trim() === '') continue
    const text = boundAnnouncement(message.content.trim())
    return { id: message.id, text: message.state === 'interrupted' ? `${text} (interrupted)` : text }
  }
  return undefined
}

// Cut at the last space before the limit (if any), so no word is read half.
function boundAnnouncement(text: string): string {
  if (text.length <= ANNOUNCED_CHARACTERS) return text
  return text.slice(0, text.lastIndexOf(' ', ANNOUNCED_CHARACTERS) + 1 || ANNOUNCED_CHARACTERS).trimEnd() + ANSWER_CONTINUES
}
