import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { StorageError } from '../../core/errors.ts'
import { IndexedDBPluginFileStore } from './indexeddb-plugin-file-store.ts'
import { IndexedDBSessionStore } from './indexeddb-session-store.ts'

// Node without IndexedDB's classes as globals: `idb` would throw inside a request's callback,
// where nothing catches it, and end the process. The stores refuse first, saying what to do.
describe('an indexedDB factory given where IndexedDB has no global classes', () => {
  it('is refused with a StorageError saying what to import, not by ending the process', async () => {
    const sessions = new IndexedDBSessionStore({ indexedDB: new IDBFactory() })
    const listing = sessions.listSessions()
    await expect(listing).rejects.toThrow(StorageError)
    await expect(listing).rejects.toThrow(/^IndexedDB's classes are not globals here \(IDBRequest, .*\), and the store needs them beside the indexedDB factory; in Node, import 'fake-indexeddb\/auto' first/)

    const plugins = new IndexedDBPluginFileStore({ indexedDB: new IDBFactory() })
    await expect(plugins.list('/')).rejects.toThrow(/IndexedDB's classes are not globals here/)
  })
})

describe('new IndexedDBSessionStore(options)', () => {
  it('refuses a misspelt option, which would open the default database instead of the one named', () => {
    expect(() => new IndexedDBSessionStore({ databasename: 'app-sessions' } as never)).toThrow(
      'new IndexedDBSessionStore(options): unknown option "databasename"; it takes databaseName, indexedDB.'
    )
  })
})
