import type { TSessionHead, TSessionRecord, TSessionSummary } from './session-store.ts'

/** The list entry for a record. */
export function toSessionSummary(record: TSessionRecord): TSessionSummary {
  return {
    id: record.id,
    name: record.name,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    messageCount: record.messages.length,
    providerName: record.providerName,
    model: record.model
  }
}

/** The list entry for a stored head. */
export function toHeadSummary(head: TSessionHead): TSessionSummary {
  const { id, name, createdAt, updatedAt, messageCount, providerName, model } = head
  return { id, name, createdAt, updatedAt, messageCount, providerName, model }
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
