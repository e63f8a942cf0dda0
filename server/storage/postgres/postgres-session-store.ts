import { isRobotaError, StorageError } from '../../../lib/core/errors.ts'
import type { TExecutionEventEnvelope } from '../../../lib/core/execution-events.ts'
import { assertCommittable, selectNewEvents } from '../../../lib/storage/assert-committable.ts'
import { inspectSessionRecord, parseSessionRecord } from '../../../lib/storage/parse-session-record.ts'
import { assertImportable } from '../../../lib/storage/replay-log/assert-importable.ts'
import { assertEventWindow } from '../../../lib/storage/replay-log/event-window.ts'
import { toReplayLogHead, type TReplayLogHead, type TReplayRecord } from '../../../lib/storage/replay-log/hash-chain.ts'
import { chainForCommit, fromReplayRecord, toEnvelope, toEnvelopes, toReplayRecord, type TStoredReplayEvent } from '../../../lib/storage/replay-log/stored-replay-event.ts'
import { assertMessageWindow, selectMessageWindow } from '../../../lib/storage/message-window.ts'
import type {
  ISessionStore,
  TCorruptSessionEntry,
  TEventWindow,
  TMessageWindow,
  TSessionHead,
  TSessionListing,
  TSessionRecord,
  TSessionSummary,
  TStoredMessageWindow
} from '../../../lib/storage/session-store.ts'
import { sortNewestFirst, toSessionHead, toSessionSummary } from '../../../lib/storage/session-summary.ts'
import { ensurePostgresSchema } from './postgres-schema.ts'
import { parseJsonText, toJsonText, toStoredEvents, type TEventRow } from './postgres-session-rows.ts'
import type { ISqlClient, ISqlQueryable } from './sql-client.ts'

/** What a Postgres session store runs on. */
export type TPostgresSessionStoreOptions = {
  /** The database: `createPgSqlClient(…)` for a PostgreSQL server, `createPGliteSqlClient(…)` in-process. */
  client: ISqlClient
}

// Keeps a session's writes one at a time across every process on the database: an advisory lock
// per session id, held until the transaction ends. Its own key space, apart from the schema's lock.
const SESSION_LOCK_SPACE = 7261
// A bind parameter list holds at most 65,535 values; five per event row.
const EVENT_ROWS_PER_INSERT = 1_000

/**
 * Keeps sessions in PostgreSQL: records, hash-chained replay events, log heads and sandbox
 * snapshots in four tables created on first use. Each commit or import is one transaction that
 * first takes the session's lock, so writers to one session, in this process or another, run one
 * after the other and each chains onto the log the previous one left; never interleaved.
 */
export class PostgresSessionStore implements ISessionStore {
  private readonly client: ISqlClient
  private schemaReady: Promise<void> | undefined

  constructor(options: TPostgresSessionStoreOptions) {
    this.client = options.client
  }

  async commit(record: TSessionRecord, events: readonly TExecutionEventEnvelope[]): Promise<void> {
    assertCommittable(record, events)
    const recordText = toJsonText(record, record.id, 'commit')
    await this.write('commit', record.id, async (transaction) => {
      const fresh = selectNewEvents(events, await readTakenSeqs(transaction, record.id, events))
      const chained = chainForCommit(record.id, await readTail(transaction, record.id), fresh)
      await upsertRecord(transaction, record, recordText)
      await insertEvents(transaction, record.id, chained, 'commit')
      const last = chained.at(-1)
      if (last) {
        await transaction.query(
          `INSERT INTO robota_log_heads (session_id, record_count, last_hash) VALUES ($1, $2, $3)
           ON CONFLICT (session_id) DO UPDATE SET record_count = robota_log_heads.record_count + $2, last_hash = $3`,
          [record.id, chained.length, last.hash]
        )
      }
    })
  }

  async importSession(record: TSessionRecord, records: readonly TReplayRecord[]): Promise<void> {
    assertImportable(record, records)
    const recordText = toJsonText(record, record.id, 'import')
    await this.write('import', record.id, async (transaction) => {
      const { rows } = await transaction.query('SELECT 1 FROM robota_sessions WHERE id = $1', [record.id])
      if (rows.length > 0) {
        throw new StorageError(`Cannot import session "${record.id}": a session with that id already exists.`, { details: { sessionId: record.id } })
      }
      await upsertRecord(transaction, record, recordText)
      await insertEvents(transaction, record.id, records.map(fromReplayRecord), 'import')
      const head = toReplayLogHead(records)
      await transaction.query('INSERT INTO robota_log_heads (session_id, record_count, last_hash) VALUES ($1, $2, $3)', [record.id, head.recordCount, head.lastHash])
    })
  }

  async loadSession(id: string): Promise<TSessionRecord | undefined> {
    const { rows } = await this.read('load', id, 'SELECT record FROM robota_sessions WHERE id = $1', [id])
    const text = rows[0]?.record
    return typeof text === 'string' ? parseSessionRecord(parseJsonText(text, id, 'its record'), id) : undefined
  }

  // The record is one JSON value: the head and windows are cut from it once read.
  async loadSessionHead(id: string): Promise<TSessionHead | undefined> {
    const record = await this.loadSession(id)
    return record && toSessionHead(record)
  }


  async loadMessageWindow(id: string, window: TMessageWindow): Promise<TStoredMessageWindow | undefined> {
    assertMessageWindow(window)
    const record = await this.loadSession(id)
    return record && selectMessageWindow(record, window)
  }

  async listSessions(): Promise<TSessionListing> {
    const { rows } = await this.read<{ id: string; record: string }>('list', undefined, 'SELECT id, record FROM robota_sessions')
    const sessions: TSessionSummary[] = []
    const corrupt: TCorruptSessionEntry[] = []
    for (const row of rows) {
      let value: unknown
      try {
        value = JSON.parse(row.record)
      } catch {
        corrupt.push({ id: row.id, reason: 'its record is not valid JSON' })
        continue
      }
      const inspection = inspectSessionRecord(value)
      if (inspection.valid) sessions.push(toSessionSummary(inspection.record))
      else corrupt.push({ id: row.id, reason: inspection.reason })
    }
    return { sessions: sortNewestFirst(sessions), corrupt }
  }

  async loadEvents(sessionId: string): Promise<TExecutionEventEnvelope[]> {
    return toEnvelopes(await this.readStoredEvents(sessionId), sessionId)
  }

  async loadEventWindow(sessionId: string, window: TEventWindow): Promise<TExecutionEventEnvelope[]> {
    assertEventWindow(window)
    // The newest rows first, then put back in seq order.
    const { rows } = await this.read<TEventRow>(
      'load the replay events of',
      sessionId,
      'SELECT prev_hash, hash, envelope FROM robota_events WHERE session_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT $3',
      [sessionId, window.beforeSeq ?? Number.MAX_SAFE_INTEGER, window.count]
    )
    return toStoredEvents(rows.reverse(), sessionId).map(toEnvelope)
  }

  async loadReplayLog(sessionId: string): Promise<TReplayRecord[]> {
    return (await this.readStoredEvents(sessionId)).map(toReplayRecord)
  }

  async loadReplayLogHead(sessionId: string): Promise<TReplayLogHead | undefined> {
    const { rows } = await this.read<{ record_count: number; last_hash: string }>(
      'load the log head of',
      sessionId,
      'SELECT record_count, last_hash FROM robota_log_heads WHERE session_id = $1',
      [sessionId]
    )
    const row = rows[0]
    return row ? { recordCount: Number(row.record_count), lastHash: row.last_hash } : undefined
  }

  async saveSandboxSnapshot(sessionId: string, snapshot: unknown): Promise<void> {
    const text = toJsonText({ snapshot }, sessionId, 'save the sandbox snapshot of')
    await this.write('save the sandbox snapshot of', sessionId, async (transaction) => {
      await transaction.query(
        'INSERT INTO robota_snapshots (session_id, snapshot) VALUES ($1, $2) ON CONFLICT (session_id) DO UPDATE SET snapshot = $2',
        [sessionId, text]
      )
    })
  }

  async loadSandboxSnapshot(sessionId: string): Promise<unknown> {
    const { rows } = await this.read<{ snapshot: string }>('load the sandbox snapshot of', sessionId, 'SELECT snapshot FROM robota_snapshots WHERE session_id = $1', [sessionId])
    const text = rows[0]?.snapshot
    return text === undefined ? undefined : (parseJsonText(text, sessionId, 'its sandbox snapshot') as { snapshot?: unknown }).snapshot
  }

  async deleteSession(id: string): Promise<void> {
    await this.write('delete', id, async (transaction) => {
      for (const table of ['robota_events', 'robota_log_heads', 'robota_snapshots']) {
        await transaction.query(`DELETE FROM ${table} WHERE session_id = $1`, [id])
      }
      await transaction.query('DELETE FROM robota_sessions WHERE id = $1', [id])
    })
  }

  async close(): Promise<void> {
    this.schemaReady = undefined
    await this.client.close()
  }

  private async readStoredEvents(sessionId: string): Promise<TStoredReplayEvent[]> {
    const { rows } = await this.read<TEventRow>(
      'load the replay events of',
      sessionId,
      'SELECT prev_hash, hash, envelope FROM robota_events WHERE session_id = $1 ORDER BY seq',
      [sessionId]
    )
    return toStoredEvents(rows, sessionId)
  }

  private ready(): Promise<void> {
    this.schemaReady ??= ensurePostgresSchema(this.client).catch((error: unknown) => {
      this.schemaReady = undefined
      throw toStorageError(error, 'prepare the tables for', undefined)
    })
    return this.schemaReady
  }

  private async read<TRow extends Record<string, unknown>>(operation: string, sessionId: string | undefined, text: string, params: unknown[] = []) {
    await this.ready()
    try {
      return await this.client.query<TRow>(text, params)
    } catch (error) {
      throw toStorageError(error, operation, sessionId)
    }
  }

  private async write(operation: string, sessionId: string, work: (transaction: ISqlQueryable) => Promise<void>): Promise<void> {
    await this.ready()
    try {
      await this.client.transaction(async (transaction) => {
        await transaction.query('SELECT pg_advisory_xact_lock($1::integer, hashtext($2))', [SESSION_LOCK_SPACE, sessionId])
        await work(transaction)
      })
    } catch (error) {
      throw toStorageError(error, operation, sessionId)
    }
  }
}

// Only seqs from the batch's lowest on can collide with it, so a long log is not read whole.
async function readTakenSeqs(transaction: ISqlQueryable, sessionId: string, events: readonly TExecutionEventEnvelope[]): Promise<Set<number>> {
  if (events.length === 0) return new Set()
  const lowest = events.reduce((least, event) => Math.min(least, event.seq), Number.POSITIVE_INFINITY)
  const { rows } = await transaction.query<{ seq: string | number }>('SELECT seq FROM robota_events WHERE session_id = $1 AND seq >= $2', [sessionId, lowest])
  return new Set(rows.map((row) => Number(row.seq)))
}

async function readTail(transaction: ISqlQueryable, sessionId: string): Promise<{ seq: number; hash: string } | undefined> {
  const { rows } = await transaction.query<{ seq: string | number; hash: string }>(
    'SELECT seq, hash FROM robota_events WHERE session_id = $1 ORDER BY seq DESC LIMIT 1',
    [sessionId]
  )
  const row = rows[0]
  return row ? { seq: Number(row.seq), hash: row.hash } : undefined
}

async function upsertRecord(transaction: ISqlQueryable, record: TSessionRecord, recordText: string): Promise<void> {
  await transaction.query(
    `INSERT INTO robota_sessions (id, updated_at, record) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET updated_at = $2, record = $3`,
    [record.id, record.updatedAt, recordText]
  )
}

async function insertEvents(transaction: ISqlQueryable, sessionId: string, events: readonly TStoredReplayEvent[], operation: string): Promise<void> {
  for (let start = 0; start < events.length; start += EVENT_ROWS_PER_INSERT) {
    const batch = events.slice(start, start + EVENT_ROWS_PER_INSERT)
    const params: unknown[] = []
    const values = batch.map((event) => {
      params.push(sessionId, event.seq, event.prevHash, event.hash, toJsonText(toEnvelope(event), sessionId, operation))
      const at = params.length - 4
      return `($${at}, $${at + 1}, $${at + 2}, $${at + 3}, $${at + 4})`
    })
    await transaction.query(`INSERT INTO robota_events (session_id, seq, prev_hash, hash, envelope) VALUES ${values.join(', ')}`, params)
  }
}

function toStorageError(error: unknown, operation: string, sessionId: string | undefined): Error {
  if (isRobotaError(error)) return error as Error
  const reason = error instanceof Error ? error.message : String(error)
  const subject = sessionId === undefined ? 'sessions' : `session "${sessionId}"`
  return new StorageError(`PostgreSQL could not ${operation} ${subject}: ${reason}`, { details: { sessionId, operation }, cause: error })
}
