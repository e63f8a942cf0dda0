import { parseSessionRecord, recordOrThrow } from '../parse-session-record.ts'
import { messageWindowBounds, selectMessageWindow } from '../message-window.ts'
import type { TMessageWindow, TSessionHead, TStoredMessageWindow } from '../session-store.ts'
import { toSessionHead, toSessionSummary } from '../session-summary.ts'
import type { TRobotaDatabase } from './open-robota-database.ts'
import { readMessageRuns } from './stored-message-runs.ts'
import { assembleStoredWindow, inspectStoredHead, isStoredHead } from './stored-session-record.ts'

/**
 * A session's head, read without its messages; `undefined` for an unknown id. A whole record
 * written before schema 7 is read whole and its head taken.
 * @throws StorageError naming the session and the field when the stored value is corrupt.
 */
export async function readSessionHead(database: TRobotaDatabase, id: string): Promise<TSessionHead | undefined> {
  const value = await database.get('sessions', id)
  if (value === undefined) return undefined
  if (!isStoredHead(value)) return toSessionHead(parseSessionRecord(value, id))
  const inspection = inspectStoredHead(value)
  const { messages: _none, ...head } = recordOrThrow(inspection, id)
  return { ...head, messageCount: inspection.valid ? (inspection.messageCount ?? 0) : 0 }
}

/**
 * A session's summary and the messages `window` asks for, read in one transaction: the head,
 * then the runs of `messages` that hold the window; `undefined` for an unknown id.
 * @throws StorageError naming the session and the field when the head or a message read is corrupt.
 */
export async function readMessageWindow(database: TRobotaDatabase, id: string, window: TMessageWindow): Promise<TStoredMessageWindow | undefined> {
  const transaction = database.transaction(['sessions', 'messages'])
  const value = await transaction.objectStore('sessions').get(id)
  if (value === undefined) return undefined
  if (!isStoredHead(value)) return selectMessageWindow(parseSessionRecord(value, id), window)
  const head = inspectStoredHead(value)
  const messageCount = head.valid ? (head.messageCount ?? 0) : 0
  const { from, to } = messageWindowBounds(messageCount, window)
  const messageValues = await readMessageRuns(transaction.objectStore('messages'), id, from, to)
  const record = recordOrThrow(assembleStoredWindow(value, messageValues, from, to), id)
  return { summary: { ...toSessionSummary(record), messageCount }, messages: record.messages, firstIndex: from }
}
