import { StorageError } from '../../core/errors.ts'
import { assertCommittable } from '../assert-committable.ts'
import type { TSessionRecord } from '../session-store.ts'
import { verifyReplayLog, type TReplayRecord } from './hash-chain.ts'

/**
 * Checks an imported session before anything is written: a valid record, events of that session,
 * and an unbroken hash chain from the first record.
 * @throws StorageError naming the session and what is wrong.
 */
export function assertImportable(record: TSessionRecord, records: readonly TReplayRecord[]): void {
  assertCommittable(
    record,
    records.map((entry) => entry.event)
  )
  const verification = verifyReplayLog(records)
  if (!verification.ok) {
    throw new StorageError(`Cannot import session "${record.id}": ${verification.reason}`, {
      details: { sessionId: record.id, index: verification.index }
    })
  }
}
