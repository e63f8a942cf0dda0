import { describe, expect, it } from 'vitest'
import { deserializeError } from '../../../worker/error-transfer.ts'
import { StorageError, StorageQuotaError } from '../../core/errors.ts'
import { toStorageError, transactionFailure } from './to-storage-error.ts'

const CONTEXT = { operation: 'commit', databaseName: 'robota', sessionId: 's1', writing: '3 replay events and the record of session "s1"' } as const

describe('toStorageError', () => {
  it('turns a full origin into a StorageQuotaError that says storage is full and what was being written', () => {
    const error = toStorageError(new DOMException('The quota has been exceeded.', 'QuotaExceededError'), CONTEXT)
    expect(error).toBeInstanceOf(StorageQuotaError)
    expect(error).toBeInstanceOf(StorageError)
    expect(error).toMatchObject({ name: 'StorageQuotaError', code: 'STORAGE_QUOTA_EXCEEDED', category: 'user', recoverable: true })
    expect(error.message).toBe(
      'Browser storage is full: IndexedDB refused to save 3 replay events and the record of session "s1" ' +
        '(commit: QuotaExceededError: The quota has been exceeded.). Nothing of this write was stored and everything saved ' +
        'before is intact; free space (delete old sessions) and try again.'
    )
    expect(error.details).toEqual({ operation: 'commit', databaseName: 'robota', sessionId: 's1' })
  })

  it('keeps any other failure a StorageError naming the operation and the session', () => {
    const error = toStorageError(new DOMException('Cannot clone', 'DataCloneError'), CONTEXT)
    expect(error).not.toBeInstanceOf(StorageQuotaError)
    expect(error).toMatchObject({ code: 'STORAGE_ERROR', message: 'IndexedDB commit failed for session "s1": DataCloneError: Cannot clone' })
  })

  it('prefers the reason an aborted transaction kept over the bare AbortError of its requests', () => {
    const quota = new DOMException('full', 'QuotaExceededError')
    const abort = new DOMException('aborted', 'AbortError')
    expect(transactionFailure({ error: quota }, abort)).toBe(quota)
    expect(transactionFailure({ error: null }, abort)).toBe(abort)
    const own = new StorageError('out of order')
    expect(transactionFailure({ error: quota }, own)).toBe(own)
  })

  it('crosses the worker boundary as a StorageQuotaError with its code and details', () => {
    const error = toStorageError(new DOMException('full', 'QuotaExceededError'), CONTEXT)
    const rebuilt = deserializeError({ name: error.name, message: error.message, code: error.code, category: error.category, details: error.details ?? {} })
    expect(rebuilt).toBeInstanceOf(StorageQuotaError)
    expect(rebuilt).toMatchObject({ code: 'STORAGE_QUOTA_EXCEEDED', message: error.message, details: { sessionId: 's1' } })
  })
})
