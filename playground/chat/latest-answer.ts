import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { splitMarkdownBlocks } from './split-markdown-blocks.ts'

/**
 * At most this many characters of an answer go to the live region (about a minute of speech).
 * Beyond that a listener reads on in the conversation, and the hidden region stays cheap to lay
 * out: the browser shapes its text as one line, which for an answer of 180 KB took 200 ms.
 */
export const ANNOUNCED_CHARACTERS = 1_500

/** What the live region says after an answer cut at `ANNOUNCED_CHARACTERS`. */
export const ANSWER_CONTINUES = '… (the rest is in the conversation)'

/** An answer to announce: its message's id, its Markdown, and whether it was interrupted. */
export type TLatestAnswer = { id: string; markdown: string; interrupted: boolean }

/**
 * The last committed assistant message that says something. A failed model call's message is no
 * answer: its failure notice is an alert already, with the fix beside it.
 */
export function latestAnswer(messages: readonly TUniversalMessage[]): TLatestAnswer | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]
    if (message?.role !== 'assistant' || message.content.trim() === '' || message.metadata?.error) continue
    return { id: message.id, markdown: message.content, interrupted: message.state === 'interrupted' }
  }
  return undefined
}

/**
 * What the live region says of an answer: the text a reader sees of its Markdown (`toText`, piece
 * by piece as the conversation renders it, and only the pieces the bound reaches), cut at
 * `ANNOUNCED_CHARACTERS`, and whether it was interrupted.
 */
export function announcementOf(answer: TLatestAnswer, toText: (markdown: string) => string): string {
  let text = ''
  for (const piece of splitMarkdownBlocks(answer.markdown)) {
    if (text.length > ANNOUNCED_CHARACTERS) break
    text += `${toText(piece)}\n`
  }
  text = boundAnnouncement(text.trim())
  return answer.interrupted ? `${text} (interrupted)` : text
}

// Cut at the last space before the limit (if any), so no word is read half.
function boundAnnouncement(text: string): string {
  if (text.length <= ANNOUNCED_CHARACTERS) return text
  return text.slice(0, text.lastIndexOf(' ', ANNOUNCED_CHARACTERS) + 1 || ANNOUNCED_CHARACTERS).trimEnd() + ANSWER_CONTINUES
}
