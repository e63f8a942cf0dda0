import { StorageError, StorageQuotaError } from '../../core/errors.ts'

/** Every operation of the IndexedDB store, as named in its errors. */
export type TStorageOperation =
  | 'open'
  | 'commit'
  | 'importSession'
  | 'loadSession'
  | 'listSessions'
  | 'loadEvents'
  | 'loadReplayLog'
  | 'loadReplayLogHead'
  | 'saveSandboxSnapshot'
  | 'loadSandboxSnapshot'
  | 'deleteSession'

/** Where a failure happened: the operation, the database, the session and, for a write, what it held. */
export type TStorageFailureContext = {
  operation: TStorageOperation
  databaseName: string
  sessionId?: string
  /** What the write was storing, worded for people ("3 replay events and the record of session "s1""). */
  writing?: string
}

/**
 * Turns whatever IndexedDB threw into a `StorageError` naming the operation and the session; a
 * full origin (`QuotaExceededError`) becomes a `StorageQuotaError` that also says what was being
 * written and that nothing stored before was touched.
 */
export function toStorageError(error: unknown, context: TStorageFailureContext): StorageError {
  if (error instanceof StorageError) return error
  const { operation, databaseName, sessionId, writing } = context
  const details = { operation, databaseName, ...(sessionId === undefined ? {} : { sessionId }) }
  const cause = describeError(error)
  if (isQuotaExceeded(error)) {
    const what = writing ?? (sessionId === undefined ? 'data' : `data of session "${sessionId}"`)
    return new StorageQuotaError(
      `Browser storage is full: IndexedDB refused to save ${what} (${operation}: ${cause}). ` +
        'Nothing of this write was stored and everything saved before is intact; free space (delete old sessions) and try again.',
      { details, cause: error }
    )
  }
  const subject = sessionId === undefined ? '' : ` for session "${sessionId}"`
  const hint = cause.startsWith('VersionError') ? ' (a newer Robota upgraded this database; reload to use it)' : ''
  return new StorageError(`IndexedDB ${operation} failed${subject}: ${cause}${hint}`, { details, cause: error })
}

/**
 * The error that really ended a failed write: a transaction the browser aborts (a full origin)
 * fails its pending requests with a bare `AbortError` and keeps the reason in `transaction.error`.
 */
export function transactionFailure(transaction: { error: DOMException | null }, thrown: unknown): unknown {
  const reason = readTransactionError(transaction)
  return reason && !(thrown instanceof StorageError) ? reason : thrown
}

function readTransactionError(transaction: { error: DOMException | null }): DOMException | null {
  try {
    return transaction.error
  } catch {
    // Reading `error` of a transaction that has not finished throws in some engines.
    return null
  }
}

function isQuotaExceeded(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const name = (error as { name?: unknown }).name
  // Firefox names the same condition NS_ERROR_DOM_QUOTA_REACHED.
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED'
}

function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const name = 'name' in error ? String(error.name) : 'Error'
    return `${name}: ${String(error.message)}`
  }
  return String(error)
}
