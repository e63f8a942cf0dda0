import { inspectSessionRecord, type TSessionRecordInspection } from '../parse-session-record.ts'
import type { TSessionHead, TSessionRecord, TSessionSummary } from '../session-store.ts'
import { toSessionSummary } from '../session-summary.ts'
import { placeStoredMessages } from './stored-message-runs.ts'

/**
 * What the `sessions` store holds for a session since schema 7: its head (`TSessionHead`, the
 * record without its messages, and their count). The messages live in `messages` as runs
 * (`stored-message-runs.ts`), so a commit writes only the messages that changed and a listing
 * reads a few hundred bytes per session, however long.
 */
type TStoredSessionHead = TSessionHead

/**
 * True for a head written since schema 7. A value that still carries `messages` (written before,
 * or by hand) is a whole record and is read as one.
 */
export function isStoredHead(value: unknown): value is { messageCount: unknown } {
  return typeof value === 'object' && value !== null && !('messages' in value) && 'messageCount' in value
}

/**
 * Checks a stored head as the record schema would, its messages apart: the count must be a
 * whole non-negative number. The record it gives back has no messages yet.
 */
export function inspectStoredHead(value: { messageCount: unknown }): TSessionRecordInspection & { messageCount?: number } {
  const { messageCount, ...head } = value as TStoredSessionHead
  if (!Number.isInteger(messageCount) || messageCount < 0) {
    const reason = `messageCount: expected a whole number of at least 0, got ${JSON.stringify(messageCount)}`
    return { valid: false, reason, issues: [{ path: 'messageCount', message: reason }] }
  }
  const inspection = inspectSessionRecord({ ...head, messages: [] })
  return inspection.valid ? { ...inspection, messageCount } : inspection
}

/** The list entry for a stored value: a head (messages not read) or a whole record. */
export function inspectStoredSummary(value: unknown): { valid: true; summary: TSessionSummary } | { valid: false; reason: string } {
  if (isStoredHead(value)) {
    const inspection = inspectStoredHead(value)
    if (!inspection.valid) return inspection
    return { valid: true, summary: { ...toSessionSummary(inspection.record), messageCount: inspection.messageCount ?? 0 } }
  }
  const inspection = inspectSessionRecord(value)
  return inspection.valid ? { valid: true, summary: toSessionSummary(inspection.record) } : inspection
}

/**
 * The whole record from a head and its stored message values, in index order; checked with the
 * record schema, so a missing or corrupt message is reported like any corrupt field.
 */
export function assembleStoredRecord(head: { messageCount: unknown }, messageValues: readonly unknown[]): TSessionRecordInspection {
  const { messageCount, ...rest } = head as TStoredSessionHead
  const messages: unknown[] = new Array(Number.isInteger(messageCount) && messageCount >= 0 ? messageCount : 0).fill(undefined)
  placeStoredMessages(messageValues, messages, 0)
  const headCheck = inspectStoredHead(head)
  if (!headCheck.valid) return headCheck
  return inspectSessionRecord({ ...rest, messages })
}

/**
 * The record from a head and the stored message values of indexes `[from, to)`, its messages
 * being those alone; checked like `assembleStoredRecord`, so a missing or corrupt message among
 * them is reported.
 */
export function assembleStoredWindow(head: { messageCount: unknown }, messageValues: readonly unknown[], from: number, to: number): TSessionRecordInspection {
  const { messageCount: _count, ...rest } = head as TStoredSessionHead
  const messages: unknown[] = new Array(Math.max(0, to - from)).fill(undefined)
  placeStoredMessages(messageValues, messages, from)
  const headCheck = inspectStoredHead(head)
  if (!headCheck.valid) return headCheck
  return inspectSessionRecord({ ...rest, messages })
}
