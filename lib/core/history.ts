import type { TMessageRole, TUniversalMessage } from './messages.ts'
import { INTERRUPTED_SUFFIX, PROVIDER_FAILURE_NOTE, PROVIDER_FAILURE_NOTICE } from './messages.ts'

/** A history entry that wraps one conversation message. */
export type IChatHistoryEntry = {
  id: string
  timestamp: number
  category: 'chat'
  type: TMessageRole
  data: TUniversalMessage
}

/** A history entry that records something beside the conversation (a tool summary, say). */
export type TEventHistoryEntry = {
  id: string
  timestamp: number
  category: 'event'
  type: string
  data: Record<string, unknown>
}

/** One entry of the rich history: a chat message or an event. Timestamps are epoch milliseconds. */
export type IHistoryEntry = IChatHistoryEntry | TEventHistoryEntry

/** True for entries that carry a conversation message. */
export function isChatEntry(entry: IHistoryEntry): entry is IChatHistoryEntry {
  return entry.category === 'chat'
}

/** Wraps a message as a chat entry with the message's own id and timestamp. */
export function messageToHistoryEntry(message: TUniversalMessage): IChatHistoryEntry {
  return { id: message.id, timestamp: message.timestamp, category: 'chat', type: message.role, data: message }
}

/** The message a chat entry carries. */
export function chatEntryToMessage(entry: IChatHistoryEntry): TUniversalMessage {
  return entry.data
}

/**
 * The message as a provider should see it: an interrupted assistant answer is marked so the
 * model knows it was cut short, and a failed one keeps what streamed before the failure, with a
 * note in place of the failure notice. Other messages are returned as they are.
 */
export function toApiMessage(message: TUniversalMessage): TUniversalMessage {
  if (message.role !== 'assistant') return message
  if (message.metadata?.error === true) {
    const notice = message.content.lastIndexOf(PROVIDER_FAILURE_NOTICE)
    const streamed = (notice === -1 ? message.content : message.content.slice(0, notice)).trimEnd()
    return { ...message, content: streamed ? `${streamed}\n\n${PROVIDER_FAILURE_NOTE}` : PROVIDER_FAILURE_NOTE }
  }
  if (message.state !== 'interrupted') return message
  return { ...message, content: message.content + INTERRUPTED_SUFFIX }
}

/** The chat messages of a history, ready for a provider call (events dropped, interruptions marked). */
export function getMessagesForAPI(history: readonly IHistoryEntry[]): TUniversalMessage[] {
  const messages: TUniversalMessage[] = []
  for (const entry of history) if (isChatEntry(entry)) messages.push(toApiMessage(entry.data))
  return messages
}

/** @deprecated use `TEventHistoryEntry`; the `I` prefix marks interfaces and the specs' names. */
export type IEventHistoryEntry = TEventHistoryEntry
