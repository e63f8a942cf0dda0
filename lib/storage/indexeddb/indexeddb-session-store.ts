import type { IExecutionEventEnvelope } from '../../core/execution-events.ts'
import { StorageError } from '../../core/errors.ts'
import { assertCommittable, selectNewEvents } from '../assert-committable.ts'
import { inspectSessionRecord, parseExecutionEvents, parseSessionRecord } from '../parse-session-record.ts'
import { assertImportable } from '../replay-log/assert-importable.ts'
import type { TReplayRecord } from '../replay-log/hash-chain.ts'
import {
  chainForCommit,
  fromReplayRecord,
  toEnvelope,
  toReplayRecord,
  type TReplayTail,
  type TStoredReplayEvent
} from '../replay-log/stored-replay-event.ts'
import type { ISessionStore, TSessionListing, TSessionRecord, TSessionSummary } from '../session-store.ts'
import { sortNewestFirst, toSessionSummary } from '../session-summary.ts'
import { openRobotaDatabase } from './open-robota-database.ts'
import type { TRobotaDatabase } from './open-robota-database.ts'

/** Where an `IndexedDBSessionStore` keeps its data. */
export type TIndexedDBSessionStoreOptions = {
  /** Database name; default `'robota'`. */
  databaseName?: string
  /** The IndexedDB implementation; default `globalThis.indexedDB`. */
  indexedDB?: IDBFactory
}

type TStorageOperation =
  | 'open'
  | 'commit'
  | 'importSession'
  | 'loadSession'
  | 'listSessions'
  | 'loadEvents'
  | 'loadReplayLog'
  | 'saveSandboxSnapshot'
  | 'loadSandboxSnapshot'
  | 'deleteSession'

/**
 * Persists sessions in IndexedDB: records in the `sessions` store, replay events in `events` keyed
 * by `[sessionId, seq]`. The connection opens on first use, closes itself when another tab
 * upgrades the database, and reopens on the next call.
 */
export class IndexedDBSessionStore implements ISessionStore {
  private readonly databaseName: string
  private readonly factory: IDBFactory | undefined
  private connection: Promise<TRobotaDatabase> | undefined

  constructor(options: TIndexedDBSessionStoreOptions = {}) {
    this.databaseName = options.databaseName ?? 'robota'
    this.factory = options.indexedDB
  }

  async commit(record: TSessionRecord, events: readonly IExecutionEventEnvelope[]): Promise<void> {
    assertCommittable(record, events)
    await this.run('commit', record.id, async (database) => {
      const transaction = database.transaction(['sessions', 'events'], 'readwrite')
      const pending: Promise<unknown>[] = [observed(transaction.done)]
      try {
        const eventStore = transaction.objectStore('events')
        const span = seqSpan(events)
        const storedKeys = span ? await eventStore.getAllKeys(eventRange(record.id, span.from, span.to)) : []
        const fresh = selectNewEvents(events, new Set(storedKeys.map(([, seq]) => seq)))
        const chained = fresh.length > 0 ? chainForCommit(record.id, await readTail(eventStore, record.id), fresh) : []
        pending.push(observed(transaction.objectStore('sessions').put(record)))
        for (const event of chained) pending.push(observed(eventStore.put(event)))
        await Promise.all(pending)
      } catch (error) {
        // A write that throws synchronously (an uncloneable value) would otherwise let the
        // transaction commit the writes queued before it.
        abortQuietly(transaction)
        throw error
      }
    })
  }

  async importSession(record: TSessionRecord, records: readonly TReplayRecord[]): Promise<void> {
    assertImportable(record, records)
    await this.run('importSession', record.id, async (database) => {
      const transaction = database.transaction(['sessions', 'events'], 'readwrite')
      const pending: Promise<unknown>[] = [observed(transaction.done)]
      try {
        const sessions = transaction.objectStore('sessions')
        if ((await sessions.getKey(record.id)) !== undefined) {
          throw new StorageError(`Cannot import session "${record.id}": a session with that id already exists`, {
            details: { sessionId: record.id, operation: 'importSession' }
          })
        }
        pending.push(observed(sessions.put(record)))
        const eventStore = transaction.objectStore('events')
        for (const entry of records) pending.push(observed(eventStore.put(fromReplayRecord(entry))))
        await Promise.all(pending)
      } catch (error) {
        abortQuietly(transaction)
        throw error
      }
    })
  }

  async loadReplayLog(sessionId: string): Promise<TReplayRecord[]> {
    return this.run('loadReplayLog', sessionId, async (database) => {
      const values = await database.getAll('events', eventRange(sessionId))
      parseExecutionEvents(values, sessionId)
      return (values as TStoredReplayEvent[]).map(toReplayRecord)
    })
  }

  async loadSession(id: string): Promise<TSessionRecord | undefined> {
    return this.run('loadSession', id, async (database) => {
      const value = await database.get('sessions', id)
      return value === undefined ? undefined : parseSessionRecord(value, id)
    })
  }

  async listSessions(): Promise<TSessionListing> {
    return this.run('listSessions', undefined, async (database) => {
      const store = database.transaction('sessions').store
      // Both requests walk the same store in key order inside one transaction, so they line up.
      const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()])
      const sessions: TSessionSummary[] = []
      const corrupt: TSessionListing['corrupt'] = []
      values.forEach((value, index) => {
        const inspection = inspectSessionRecord(value)
        if (inspection.valid) sessions.push(toSessionSummary(inspection.record))
        else corrupt.push({ id: String(keys[index]), reason: inspection.reason })
      })
      return { sessions: sortNewestFirst(sessions), corrupt }
    })
  }

  async loadEvents(sessionId: string): Promise<IExecutionEventEnvelope[]> {
    return this.run('loadEvents', sessionId, async (database) => {
      const values = await database.getAll('events', eventRange(sessionId))
      return parseExecutionEvents(values, sessionId).map((event) => toEnvelope(event as TStoredReplayEvent))
    })
  }

  async saveSandboxSnapshot(sessionId: string, snapshot: unknown): Promise<void> {
    await this.run('saveSandboxSnapshot', sessionId, async (database) => {
      await database.put('snapshots', snapshot, sessionId)
    })
  }

  async loadSandboxSnapshot(sessionId: string): Promise<unknown> {
    return this.run('loadSandboxSnapshot', sessionId, (database) => database.get('snapshots', sessionId))
  }

  async deleteSession(id: string): Promise<void> {
    await this.run('deleteSession', id, async (database) => {
      const transaction = database.transaction(['sessions', 'events', 'snapshots'], 'readwrite')
      await Promise.all([
        observed(transaction.objectStore('sessions').delete(id)),
        observed(transaction.objectStore('events').delete(eventRange(id))),
        observed(transaction.objectStore('snapshots').delete(id)),
        observed(transaction.done)
      ])
    })
  }

  async close(): Promise<void> {
    const connection = this.connection
    this.connection = undefined
    const database = await connection?.catch(() => undefined)
    database?.close()
  }

  private async run<TResult>(
    operation: TStorageOperation,
    sessionId: string | undefined,
    body: (database: TRobotaDatabase) => Promise<TResult>
  ): Promise<TResult> {
    let database: TRobotaDatabase
    try {
      database = await this.open()
    } catch (error) {
      throw toStorageError(error, 'open', this.databaseName, sessionId)
    }
    try {
      return await body(database)
    } catch (error) {
      throw toStorageError(error, operation, this.databaseName, sessionId)
    }
  }

  private open(): Promise<TRobotaDatabase> {
    if (this.connection) return this.connection
    const factory: IDBFactory | undefined = this.factory ?? globalThis.indexedDB
    if (!factory) {
      return Promise.reject(new StorageError('IndexedDB is not available here; pass `indexedDB` in the options'))
    }
    const connection = openRobotaDatabase(factory, this.databaseName, () => {
      if (this.connection === connection) this.connection = undefined
    })
    this.connection = connection
    connection.catch(() => {
      if (this.connection === connection) this.connection = undefined
    })
    return connection
  }
}

/** Every event key of one session, optionally narrowed to a seq interval. */
function eventRange(sessionId: string, fromSeq = 0, toSeq = Number.POSITIVE_INFINITY): IDBKeyRange {
  return IDBKeyRange.bound([sessionId, fromSeq], [sessionId, toSeq])
}

/** The session's last stored event, read inside the commit's transaction. */
async function readTail(
  eventStore: { openCursor(range: IDBKeyRange, direction: IDBCursorDirection): Promise<{ value: unknown } | null> },
  sessionId: string
): Promise<TReplayTail | undefined> {
  const cursor = await eventStore.openCursor(eventRange(sessionId), 'prev')
  const last = cursor?.value as TStoredReplayEvent | undefined
  return last ? { seq: last.seq, hash: last.hash } : undefined
}

function seqSpan(events: readonly IExecutionEventEnvelope[]): { from: number; to: number } | undefined {
  const [first] = events
  if (!first) return undefined
  let from = first.seq
  let to = first.seq
  for (const event of events) {
    if (event.seq < from) from = event.seq
    if (event.seq > to) to = event.seq
  }
  return { from, to }
}

// Every request of a failed transaction rejects; a handler on each keeps the ones nobody reaches
// from surfacing as unhandled rejections, while the returned promise still rejects for its awaiter.
function observed<TValue>(promise: Promise<TValue>): Promise<TValue> {
  promise.catch(() => undefined)
  return promise
}

function abortQuietly(transaction: { abort(): void }): void {
  try {
    transaction.abort()
  } catch {
    // Already finished or aborted: nothing left to undo.
  }
}

function toStorageError(
  error: unknown,
  operation: TStorageOperation,
  databaseName: string,
  sessionId: string | undefined
): StorageError {
  if (error instanceof StorageError) return error
  const cause = describeError(error)
  const subject = sessionId === undefined ? '' : ` for session "${sessionId}"`
  const hint = cause.startsWith('VersionError') ? ' (a newer Robota upgraded this database; reload to use it)' : ''
  return new StorageError(`IndexedDB ${operation} failed${subject}: ${cause}${hint}`, {
    details: { operation, databaseName, ...(sessionId === undefined ? {} : { sessionId }) },
    cause: error
  })
}

function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const name = 'name' in error ? String(error.name) : 'Error'
    return `${name}: ${String(error.message)}`
  }
  return String(error)
}
