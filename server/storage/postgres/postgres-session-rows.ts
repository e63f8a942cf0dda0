import { StorageError } from '../../../lib/core/errors.ts'
import { parseExecutionEvents } from '../../../lib/storage/parse-session-record.ts'
import type { TStoredReplayEvent } from '../../../lib/storage/replay-log/stored-replay-event.ts'

/** A row of `robota_events`, as the store reads it. */
export type TEventRow = { prev_hash: string; hash: string; envelope: string }

/**
 * The JSON text a value is stored as.
 * @throws StorageError naming the session and the operation when the value has no JSON form.
 */
export function toJsonText(value: unknown, sessionId: string, operation: string): string {
  try {
    const text = JSON.stringify(value)
    if (text === undefined) throw new TypeError('it has no JSON form')
    return text
  } catch (error) {
    throw new StorageError(`Cannot ${operation} session "${sessionId}": a value cannot be stored (${String(error)})`, {
      details: { sessionId, operation },
      cause: error
    })
  }
}

/**
 * Reads stored JSON text back.
 * @throws StorageError naming the session and what was being read.
 */
export function parseJsonText(text: string, sessionId: string, what: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new StorageError(`Session "${sessionId}" is corrupt: ${what} is not valid JSON`, { details: { sessionId }, cause: error })
  }
}

/**
 * The stored events of a session from their rows (ordered by seq), envelopes validated.
 * @throws StorageError naming the session and the event position.
 */
export function toStoredEvents(rows: readonly TEventRow[], sessionId: string): TStoredReplayEvent[] {
  const envelopes = parseExecutionEvents(
    rows.map((row, index) => parseJsonText(row.envelope, sessionId, `replay event ${index}`)),
    sessionId
  )
  return envelopes.map((envelope, index) => ({ ...envelope, prevHash: rows[index]!.prev_hash, hash: rows[index]!.hash }))
}
