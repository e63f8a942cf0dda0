import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import { ConfigurationError, StorageError } from '../../core/errors.ts'
import { assertCommittable, selectNewEvents } from '../assert-committable.ts'
import type { TUniversalMessage } from '../../core/messages.ts'
import { parseExecutionEvents, parseSessionRecord, recordOrThrow } from '../parse-session-record.ts'
import { assertImportable } from '../replay-log/assert-importable.ts'
import { assertEventWindow } from '../replay-log/event-window.ts'
import { toReplayLogHead, type TReplayLogHead, type TReplayRecord } from '../replay-log/hash-chain.ts'
import {
  chainForCommit,
  fromReplayRecord,
  toEnvelope,
  toEnvelopes,
  toReplayRecord,
  type TStoredReplayEvent
} from '../replay-log/stored-replay-event.ts'
import { assertMessageWindow } from '../message-window.ts'
import type {
  ISessionStore,
  TEventWindow,
  TMessageWindow,
  TSessionHead,
  TSessionListing,
  TSessionRecord,
  TSessionSummary,
  TStoredMessageWindow
} from '../session-store.ts'
import { sortNewestFirst, toSessionHead } from '../session-summary.ts'
import { missingIndexedDBGlobals } from './missing-indexeddb-globals.ts'
import { openRobotaDatabase } from './open-robota-database.ts'
import { readEventWindow } from './read-event-window.ts'
import { readMessageWindow, readSessionHead } from './read-session-head.ts'
import { eventRange, messageRange, payloadRange } from './session-key-ranges.ts'
import type { TRobotaDatabase } from './open-robota-database.ts'
import { readStoredSeqs, seqSpan } from './read-stored-seqs.ts'
import { flattenStoredEvents, IMPORT_BATCH_SIZE, tailOf, toStoredBatch } from './stored-event-batch.ts'
import { advanceReplayHead, parseReplayHead } from './stored-replay-head.ts'
import { extractMessagePayloads, resolveMessagePayloads, toPayloadMap, type TStoredRequestMessages } from './stored-message-payloads.ts'
import { putMessageRuns, runStartAt } from './stored-message-runs.ts'
import { assembleStoredRecord, inspectStoredSummary, isStoredHead } from './stored-session-record.ts'
import { RecentSessionCache } from './recent-session-cache.ts'
import { toStorageError, transactionFailure, type TStorageOperation } from './to-storage-error.ts'

/** Where an `IndexedDBSessionStore` keeps its data. */
export type TIndexedDBSessionStoreOptions = {
  /** Database name; default `'robota'`. */
  databaseName?: string
  /** The IndexedDB implementation; default `globalThis.indexedDB`. */
  indexedDB?: IDBFactory
}

/**
 * Persists sessions in IndexedDB: each record's head (the record without its messages) in
 * `sessions` and its messages in `messages` as runs, one per commit that added them, so a commit
 * writes the messages that changed and a listing reads heads only; replay events in `events` keyed
 * by `[sessionId, seq]`, each commit's events as one batch written in the record's transaction
 * with the log's head (`heads`), and the long messages those events carry once each in
 * `payloads`, referenced by hash; each `provider_request` is stored as what it adds to the one before.
 * The connection opens on first use, closes itself when another tab upgrades the database, and
 * reopens on the next call.
 */
export class IndexedDBSessionStore implements ISessionStore {
  private readonly databaseName: string
  private readonly factory: IDBFactory | undefined
  private connection: Promise<TRobotaDatabase> | undefined
  // Hashes of the payloads known to be stored, per session: a commit writes only new messages.
  private readonly storedPayloads = new Map<string, Set<string>>()
  // The messages each recently used session last committed (or loaded), by identity: a commit
  // writes and checks only the messages from the first one that is not the same object. Only
  // what a committed transaction wrote, or a read returned, goes in.
  private readonly committedMessages = new RecentSessionCache<readonly TUniversalMessage[]>()
  // The last stored `provider_request` of each recently used session, which the next one continues.
  private readonly lastRequests = new RecentSessionCache<TStoredRequestMessages>()
  private readonly storedForms = new WeakMap<object, unknown>()

  /** @throws ConfigurationError naming an option it does not take (`databasename` would open the default database). */
  constructor(options: TIndexedDBSessionStoreOptions = {}) {
    const unknown = Object.keys(options ?? {}).find((key) => key !== 'databaseName' && key !== 'indexedDB')
    if (unknown !== undefined) throw new ConfigurationError(`new IndexedDBSessionStore(options): unknown option "${unknown}"; it takes databaseName, indexedDB.`)
    this.databaseName = options.databaseName ?? 'robota'
    this.factory = options.indexedDB
  }

  async commit(record: TSessionRecord, events: readonly TExecutionEventEnvelope[]): Promise<void> {
    const known = this.committedMessages.get(record.id)
    const firstChanged = known && Array.isArray(record.messages) ? firstChangedIndex(known, record.messages) : 0
    assertCommittable(record, events, firstChanged)
    const writing = `${events.length} replay events and the record of session "${record.id}"`
    await this.run('commit', record.id, async (database) => {
      const transaction = database.transaction(['sessions', 'messages', 'events', 'payloads', 'heads'], 'readwrite')
      const pending: Promise<unknown>[] = [observed(transaction.done)]
      let written: string[] = []
      let lastRequest: TStoredRequestMessages | undefined
      try {
        const eventStore = transaction.objectStore('events')
        const headStore = transaction.objectStore('heads')
        const messageStore = transaction.objectStore('messages')
        // A change inside what is stored rewrites from the start of the run it falls in; an
        // append (the usual turn) adds one run after the stored ones.
        const appending = known !== undefined && firstChanged === known.length
        const [last, storedHead, rewriteFrom] = await Promise.all([
          eventStore.openCursor(eventRange(record.id), 'prev'),
          headStore.get(record.id),
          appending || firstChanged === 0 ? firstChanged : runStartAt(messageStore, record.id, firstChanged)
        ])
        const tail = tailOf(last?.value)
        const head = parseReplayHead(storedHead, record.id)
        const span = seqSpan(events)
        // Only a commit that repeats stored seqs needs to know which: appends skip the lookup.
        const overlap = span && tail && span.from <= tail.seq ? await readStoredSeqs(eventStore, record.id, span.from, Math.min(span.to, tail.seq)) : new Set<number>()
        const fresh = selectNewEvents(events, overlap)
        const chained = fresh.length > 0 ? chainForCommit(record.id, tail, fresh) : []
        pending.push(observed(transaction.objectStore('sessions').put(toSessionHead(record))))
        for (const request of putMessageRuns(messageStore, record.id, record.messages, rewriteFrom, !appending)) pending.push(observed(request))
        // A session that already had events before heads were kept (none is stored) keeps none: counting from here would be wrong.
        if (chained.length > 0 && (head !== undefined || tail === undefined)) pending.push(observed(headStore.put(advanceReplayHead(head, chained), record.id)))
        if (chained.length > 0) {
          const stored = extractMessagePayloads(chained, this.lastRequests.get(record.id), this.storedForms)
          lastRequest = stored.lastRequest
          written = this.putNewPayloads(transaction.objectStore('payloads'), record.id, stored.payloads, pending)
          pending.push(observed(eventStore.put(toStoredBatch(stored.events))))
        }
        await Promise.all(pending)
        this.rememberPayloads(record.id, written)
        this.committedMessages.set(record.id, [...record.messages])
        if (lastRequest) this.lastRequests.set(record.id, lastRequest)
      } catch (error) {
        this.forget(record.id)
        // A write that throws synchronously (an uncloneable value) would otherwise let the
        // transaction commit the writes queued before it.
        abortQuietly(transaction)
        throw transactionFailure(transaction, error)
      }
    }, writing)
  }

  async importSession(record: TSessionRecord, records: readonly TReplayRecord[]): Promise<void> {
    assertImportable(record, records)
    await this.run('importSession', record.id, async (database) => {
      const transaction = database.transaction(['sessions', 'messages', 'events', 'payloads', 'heads'], 'readwrite')
      const pending: Promise<unknown>[] = [observed(transaction.done)]
      try {
        const sessions = transaction.objectStore('sessions')
        if ((await sessions.getKey(record.id)) !== undefined) {
          throw new StorageError(`Cannot import session "${record.id}": a session with that id already exists.`, {
            details: { sessionId: record.id, operation: 'importSession' }
          })
        }
        pending.push(observed(sessions.put(toSessionHead(record))))
        for (const request of putMessageRuns(transaction.objectStore('messages'), record.id, record.messages, 0, true)) pending.push(observed(request))
        pending.push(observed(transaction.objectStore('heads').put(toReplayLogHead(records), record.id)))
        const eventStore = transaction.objectStore('events')
        const payloadStore = transaction.objectStore('payloads')
        const written: string[] = []
        let lastRequest: TStoredRequestMessages | undefined
        for (let from = 0; from < records.length; from += IMPORT_BATCH_SIZE) {
          const stored = extractMessagePayloads(records.slice(from, from + IMPORT_BATCH_SIZE).map(fromReplayRecord), lastRequest, this.storedForms)
          lastRequest = stored.lastRequest
          written.push(...this.putNewPayloads(payloadStore, record.id, stored.payloads, pending, new Set(written)))
          pending.push(observed(eventStore.put(toStoredBatch(stored.events))))
        }
        await Promise.all(pending)
        this.rememberPayloads(record.id, written)
        if (lastRequest) this.lastRequests.set(record.id, lastRequest)
      } catch (error) {
        abortQuietly(transaction)
        throw transactionFailure(transaction, error)
      }
    }, `imported session "${record.id}" with ${records.length} replay events`)
  }

  async loadReplayLog(sessionId: string): Promise<TReplayRecord[]> {
    return this.run('loadReplayLog', sessionId, async (database) => {
      const values = await this.readEvents(database, sessionId)
      parseExecutionEvents(values, sessionId)
      return (values as TStoredReplayEvent[]).map(toReplayRecord)
    })
  }

  async loadReplayLogHead(sessionId: string): Promise<TReplayLogHead | undefined> {
    return this.run('loadReplayLogHead', sessionId, async (database) => parseReplayHead(await database.get('heads', sessionId), sessionId))
  }

  async loadSession(id: string): Promise<TSessionRecord | undefined> {
    return this.run('loadSession', id, async (database) => {
      const transaction = database.transaction(['sessions', 'messages'])
      const [value, messageValues] = await Promise.all([
        transaction.objectStore('sessions').get(id),
        transaction.objectStore('messages').getAll(messageRange(id))
      ])
      if (value === undefined) return undefined
      if (!isStoredHead(value)) return parseSessionRecord(value, id)
      const record = recordOrThrow(assembleStoredRecord(value, messageValues), id)
      this.committedMessages.set(id, [...record.messages])
      return record
    })
  }

  async loadSessionHead(id: string): Promise<TSessionHead | undefined> {
    return this.run('loadSession', id, (database) => readSessionHead(database, id))
  }

  async loadMessageWindow(id: string, window: TMessageWindow): Promise<TStoredMessageWindow | undefined> {
    assertMessageWindow(window)
    return this.run('loadSession', id, (database) => readMessageWindow(database, id, window))
  }

  async listSessions(): Promise<TSessionListing> {
    return this.run('listSessions', undefined, async (database) => {
      const store = database.transaction('sessions').store
      // Both requests walk the same store in key order inside one transaction, so they line up.
      const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()])
      const sessions: TSessionSummary[] = []
      const corrupt: TSessionListing['corrupt'] = []
      values.forEach((value, index) => {
        const inspection = inspectStoredSummary(value)
        if (inspection.valid) sessions.push(inspection.summary)
        else corrupt.push({ id: String(keys[index]), reason: inspection.reason })
      })
      return { sessions: sortNewestFirst(sessions), corrupt }
    })
  }

  async loadEvents(sessionId: string): Promise<TExecutionEventEnvelope[]> {
    return this.run('loadEvents', sessionId, async (database) => {
      const values = await this.readEvents(database, sessionId)
      return toEnvelopes(parseExecutionEvents(values, sessionId) as TStoredReplayEvent[], sessionId)
    })
  }

  async loadEventWindow(sessionId: string, window: TEventWindow): Promise<TExecutionEventEnvelope[]> {
    assertEventWindow(window)
    return this.run('loadEvents', sessionId, async (database) => {
      const values = await readEventWindow(database, sessionId, window)
      return (parseExecutionEvents(values, sessionId) as TStoredReplayEvent[]).map(toEnvelope)
    })
  }

  async saveSandboxSnapshot(sessionId: string, snapshot: unknown): Promise<void> {
    await this.run('saveSandboxSnapshot', sessionId, async (database) => {
      const transaction = database.transaction('snapshots', 'readwrite')
      const pending = [observed(transaction.done), observed(transaction.store.put(snapshot, sessionId))]
      try {
        await Promise.all(pending)
      } catch (error) {
        abortQuietly(transaction)
        throw transactionFailure(transaction, error)
      }
    }, `the sandbox snapshot of session "${sessionId}"`)
  }

  async loadSandboxSnapshot(sessionId: string): Promise<unknown> {
    return this.run('loadSandboxSnapshot', sessionId, (database) => database.get('snapshots', sessionId))
  }

  async deleteSession(id: string): Promise<void> {
    await this.run('deleteSession', id, async (database) => {
      const transaction = database.transaction(['sessions', 'messages', 'events', 'snapshots', 'payloads', 'heads'], 'readwrite')
      this.forget(id)
      await Promise.all([
        observed(transaction.objectStore('sessions').delete(id)),
        observed(transaction.objectStore('messages').delete(messageRange(id))),
        observed(transaction.objectStore('heads').delete(id)),
        observed(transaction.objectStore('events').delete(eventRange(id))),
        observed(transaction.objectStore('snapshots').delete(id)),
        observed(transaction.objectStore('payloads').delete(payloadRange(id))),
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

  // A session's stored events in seq order, their messages put back in place, read in one
  // transaction so a commit cannot land between the events and the messages they refer to.
  private async readEvents(database: TRobotaDatabase, sessionId: string): Promise<unknown[]> {
    const transaction = database.transaction(['events', 'payloads'])
    const [values, payloadValues] = await Promise.all([
      transaction.objectStore('events').getAll(eventRange(sessionId)),
      transaction.objectStore('payloads').getAll(payloadRange(sessionId))
    ])
    const payloads = toPayloadMap(payloadValues)
    this.rememberPayloads(sessionId, [...payloads.keys()])
    return resolveMessagePayloads(flattenStoredEvents(values, sessionId), payloads, sessionId)
  }

  // Queues a put for each payload not known to be stored; returns the hashes put.
  private putNewPayloads(
    payloadStore: { put(value: unknown): Promise<unknown> },
    sessionId: string,
    payloads: ReadonlyMap<string, unknown>,
    pending: Promise<unknown>[],
    alsoWritten: ReadonlySet<string> = new Set()
  ): string[] {
    const known = this.storedPayloads.get(sessionId)
    const written: string[] = []
    for (const [hash, message] of payloads) {
      if (known?.has(hash) || alsoWritten.has(hash)) continue
      pending.push(observed(payloadStore.put({ sessionId, hash, message })))
      written.push(hash)
    }
    return written
  }

  // After a failed write nothing cached about the session can be trusted to match the database.
  private forget(sessionId: string): void {
    this.storedPayloads.delete(sessionId)
    this.committedMessages.delete(sessionId)
    this.lastRequests.delete(sessionId)
  }

  // Only with hashes read from the database or written by a transaction that has committed: the
  // set must never name a payload that is not stored.
  private rememberPayloads(sessionId: string, hashes: readonly string[]): void {
    if (hashes.length === 0) return
    const known = this.storedPayloads.get(sessionId) ?? new Set<string>()
    for (const hash of hashes) known.add(hash)
    this.storedPayloads.set(sessionId, known)
  }

  private async run<TResult>(
    operation: TStorageOperation,
    sessionId: string | undefined,
    body: (database: TRobotaDatabase) => Promise<TResult>,
    writing?: string
  ): Promise<TResult> {
    const context = { databaseName: this.databaseName, ...(sessionId === undefined ? {} : { sessionId }) }
    let database: TRobotaDatabase
    try {
      database = await this.open()
    } catch (error) {
      throw toStorageError(error, { ...context, operation: 'open' })
    }
    try {
      return await body(database)
    } catch (error) {
      throw toStorageError(error, { ...context, operation, ...(writing === undefined ? {} : { writing }) })
    }
  }

  private open(): Promise<TRobotaDatabase> {
    if (this.connection) return this.connection
    const factory: IDBFactory | undefined = this.factory ?? globalThis.indexedDB
    if (!factory) {
      return Promise.reject(new StorageError('IndexedDB is not available here; pass `indexedDB` in the options'))
    }
    const missing = missingIndexedDBGlobals()
    if (missing) return Promise.reject(missing)
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

/** The first index where `messages` holds another object than `known` (or `known` ends). */
function firstChangedIndex(known: readonly TUniversalMessage[], messages: readonly TUniversalMessage[]): number {
  const limit = Math.min(known.length, messages.length)
  let index = 0
  while (index < limit && known[index] === messages[index]) index++
  return index
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
