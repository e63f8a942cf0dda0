import type { TSessionHead, TSessionRecord, TSessionSummary } from './session-store.ts'

/** The list entry for a record. */
export function toSessionSummary(record: TSessionRecord): TSessionSummary {
  return toHeadSummary({ ...record, messageCount: record.messages.length })
}

/** The list entry for a stored head (or any record-like value with its message count). */
export function toHeadSummary(head: Omit<TSessionHead, 'nextEventSeq'>): TSessionSummary {
  const { id, name, createdAt, updatedAt, messageCount, providerName, model, parentSessionId, parentToolCallId } = head
  return {
    id,
    name,
    createdAt,
    updatedAt,
    messageCount,
    providerName,
    model,
    // Only when set: a summary of a session a person started has no such keys at all.
    ...(parentSessionId === undefined ? {} : { parentSessionId }),
    ...(parentToolCallId === undefined ? {} : { parentToolCallId })
  }
}

/** Orders summaries newest `updatedAt` first; ties fall back to id so the order is stable. */
export function sortNewestFirst(summaries: TSessionSummary[]): TSessionSummary[] {
  return summaries.sort(
    (left, right) => right.updatedAt - left.updatedAt || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0)
  )
}

/** The head of a whole record: every field but the messages, and their count. */
export function toSessionHead(record: TSessionRecord): TSessionHead {
  const { messages, ...head } = record
  return { ...head, messageCount: messages.length }
}
