import { wrap } from 'idb'
import type { IDBPDatabase } from 'idb'
import { StorageError } from '../../core/errors.ts'
import { chainReplayEventsInPlace } from './migrate-replay-chain.ts'
import { recordReplayHeadsInPlace } from './stored-replay-head.ts'

/**
 * Schema version of the Robota database; bump it, and extend `upgrade`, to change stores.
 * 1: sessions and events. 2: events carry `prevHash` and `hash` (the replay chain).
 * 3: sandbox snapshots, one per session. 4: a commit's events are stored as one batch value (see
 * `stored-event-batch.ts`); single events written before stay readable, so no data moves, but
 * older code cannot read batches and must not open the database. 5: long messages that events
 * carry are stored once per session in `payloads` and referenced by hash (see
 * `stored-message-payloads.ts`); events written before hold their messages inline and stay readable.
 * 6: each session's replay log head (record count and last hash) in `heads`, written with every
 * commit, so a log cut at its tail is detected; the upgrade counts the heads of logs already stored.
 * 7: a session's messages are stored one per value in `messages` and its `sessions` value is a head
 * (the record without messages, and their count; see `stored-session-record.ts`), so a commit
 * writes only what changed and a listing reads no message. Whole records written before stay
 * readable and become a head and messages on their next commit; no data moves in the upgrade.
 * 8: a value of `messages` holds a run of messages, those one commit added (at most
 * `MESSAGES_PER_RUN`; see `stored-message-runs.ts`), so a turn puts one value and a fork of a long
 * session a few; single messages written before read as runs of one, so no data moves, but older
 * code cannot read runs and must not open the database.
 */
export const ROBOTA_DATABASE_VERSION = 8

/**
 * Object stores of the Robota database. Values are `unknown` on purpose: what comes back from disk
 * may have been written by another version or by hand, so it is validated on load.
 */
export type TRobotaDatabaseSchema = {
  /** One head per session (or, written before version 7, one whole record), keyed by its id. */
  sessions: { key: string; value: unknown }
  /** The messages of each session's record as runs, keyed by `[sessionId, index of the run's first]`. */
  messages: { key: [string, number]; value: unknown }
  /**
   * Replay events keyed by `[sessionId, seq]`, so key order is seq order within a session: one
   * batch per commit, keyed by its first seq, or (written before version 4) one event per value.
   */
  events: { key: [string, number]; value: unknown }
  /** The latest sandbox snapshot of each session, keyed by session id. */
  snapshots: { key: string; value: unknown }
  /** Messages events refer to by hash, keyed by `[sessionId, hash]`. */
  payloads: { key: [string, string]; value: unknown }
  /** What each session's log holds as last written (`TReplayLogHead`), keyed by session id. */
  heads: { key: string; value: unknown }
}

/** An open connection typed with the Robota schema. */
export type TRobotaDatabase = IDBPDatabase<TRobotaDatabaseSchema>

/**
 * Opens (creating or upgrading) the Robota database through `factory`. `idb`'s `openDB` always
 * uses the global `indexedDB`, so the request is opened here and only the connection is wrapped.
 * The connection closes itself when another tab upgrades the database, and `onUnusable` runs
 * whenever it stops being usable, so the owner opens a fresh one on next use.
 */
export function openRobotaDatabase(
  factory: IDBFactory,
  databaseName: string,
  onUnusable: () => void
): Promise<TRobotaDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(databaseName, ROBOTA_DATABASE_VERSION)
    let settled = false
    request.onupgradeneeded = (event) => upgrade(request.result, event.oldVersion, request.transaction)
    request.onblocked = () => {
      // Another connection at an older version ignored `versionchange` (a foreign or outdated
      // tab); failing loudly beats a store that hangs until that tab closes.
      settled = true
      reject(
        new StorageError(`IndexedDB open failed: "${databaseName}" is held open by another tab; close it and retry`, {
          details: { operation: 'open', databaseName }
        })
      )
    }
    request.onsuccess = () => {
      const database = request.result
      if (settled) {
        database.close()
        return
      }
      settled = true
      database.onversionchange = () => {
        database.close()
        onUnusable()
      }
      database.onclose = () => onUnusable()
      resolve(wrap(database) as TRobotaDatabase)
    }
    request.onerror = () => {
      if (settled) return
      settled = true
      reject(request.error)
    }
  })
}

function upgrade(database: IDBDatabase, oldVersion: number, transaction: IDBTransaction | null): void {
  if (!database.objectStoreNames.contains('sessions')) {
    database.createObjectStore('sessions', { keyPath: 'id' })
  }
  if (!database.objectStoreNames.contains('events')) {
    database.createObjectStore('events', { keyPath: ['sessionId', 'seq'] })
  }
  if (!database.objectStoreNames.contains('snapshots')) database.createObjectStore('snapshots')
  if (!database.objectStoreNames.contains('payloads')) database.createObjectStore('payloads', { keyPath: ['sessionId', 'hash'] })
  if (!database.objectStoreNames.contains('heads')) database.createObjectStore('heads')
  if (!database.objectStoreNames.contains('messages')) database.createObjectStore('messages', { keyPath: ['sessionId', 'index'] })
  if (!transaction || oldVersion === 0 || oldVersion >= 6) return
  const events = transaction.objectStore('events')
  const countHeads = () => recordReplayHeadsInPlace(events, transaction.objectStore('heads'))
  // Version 1 stored bare envelopes: chain them so every log verifies after the upgrade, then count.
  if (oldVersion === 1) chainReplayEventsInPlace(events, countHeads)
  else countHeads()
}
