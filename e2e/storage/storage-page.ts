import { IndexedDBSessionStore } from '../../lib/storage/indexeddb/index.ts'
import { ROBOTA_DATABASE_VERSION } from '../../lib/storage/indexeddb/open-robota-database.ts'
import { verifyReplayLog } from '../../lib/storage/replay-log/hash-chain.ts'
import { createTestEvent, createTestEvents, createTestRecord } from '../../lib/storage/session-store.fixtures.ts'

// The page the storage specs drive: the IndexedDB store and the record fixtures, on `window`, so
// each spec step runs the real store against Chromium's own IndexedDB through `page.evaluate`.

/** What the storage page puts on `window`. */
export type TStoragePage = {
  IndexedDBSessionStore: typeof IndexedDBSessionStore
  ROBOTA_DATABASE_VERSION: number
  verifyReplayLog: typeof verifyReplayLog
  createTestEvent: typeof createTestEvent
  createTestEvents: typeof createTestEvents
  createTestRecord: typeof createTestRecord
}

const storagePage: TStoragePage = { IndexedDBSessionStore, ROBOTA_DATABASE_VERSION, verifyReplayLog, createTestEvent, createTestEvents, createTestRecord }
Object.assign(globalThis, { robotaStorage: storagePage })
