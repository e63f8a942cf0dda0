import {
  IDBCursor,
  IDBCursorWithValue,
  IDBDatabase,
  IDBIndex,
  IDBKeyRange,
  IDBObjectStore,
  IDBOpenDBRequest,
  IDBRequest,
  IDBTransaction
} from 'fake-indexeddb'
import { vi } from 'vitest'

/**
 * Gives Node the IndexedDB classes of `fake-indexeddb` as globals. `idb` recognizes IDB objects
 * with `instanceof` against the global classes; `indexedDB` itself stays unset, so every store in
 * a test uses only the `IDBFactory` it is handed.
 */
export function stubIndexedDBGlobals(): void {
  const classes = { IDBCursor, IDBCursorWithValue, IDBDatabase, IDBIndex, IDBKeyRange, IDBObjectStore, IDBOpenDBRequest, IDBRequest, IDBTransaction }
  for (const [name, value] of Object.entries(classes)) vi.stubGlobal(name, value)
}
