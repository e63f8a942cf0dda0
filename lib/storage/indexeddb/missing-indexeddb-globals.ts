import { StorageError } from '../../core/errors.ts'

const IDB_CLASSES = ['IDBRequest', 'IDBTransaction', 'IDBDatabase', 'IDBObjectStore', 'IDBIndex', 'IDBCursor', 'IDBKeyRange'] as const

/**
 * Why an `indexedDB` factory given as an option cannot be used here, if it cannot: `idb` tells
 * IndexedDB's objects apart with `instanceof` against the global classes, and without them it
 * throws from inside a request's callback, where no caller can catch it (Node ends the process).
 */
export function missingIndexedDBGlobals(): StorageError | undefined {
  const missing = IDB_CLASSES.filter((name) => typeof (globalThis as Record<string, unknown>)[name] !== 'function')
  if (missing.length === 0) return undefined
  return new StorageError(
    `IndexedDB's classes are not globals here (${missing.join(', ')}), and the store needs them beside the indexedDB factory; in Node, import 'fake-indexeddb/auto' first, or set each class on globalThis.`,
    { details: { operation: 'open', missing } }
  )
}
