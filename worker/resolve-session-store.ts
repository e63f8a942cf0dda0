import { describeValue } from '../lib/core/describe-value.ts'
import { ConfigurationError } from '../lib/core/errors.ts'
import { IndexedDBSessionStore } from '../lib/storage/indexeddb/indexeddb-session-store.ts'
import type { ISessionStore } from '../lib/storage/session-store.ts'

/**
 * The session store an app's `store` option names: its own store, or an IndexedDB database by
 * name (`databaseName`, set when the store is one).
 *
 * @param call The call the app wrote, which a refusal names.
 * @throws ConfigurationError when the option is neither, or names a database where there is no IndexedDB.
 */
export function resolveSessionStore(option: unknown, call: string): { store: ISessionStore; databaseName?: string } {
  if (typeof option === 'object' && option !== null) {
    if (typeof (option as Partial<ISessionStore>).commit === 'function') return { store: option as ISessionStore }
    const { databaseName } = option as { databaseName?: unknown }
    if (typeof databaseName === 'string') {
      // Said here, as the host is made, rather than by its first call, which would name an option the host does not take.
      if (globalThis.indexedDB === undefined) {
        throw new ConfigurationError(
          `${call}: store { databaseName } opens IndexedDB, which this runtime lacks (Node has none); pass a session store, such as new MemorySessionStore() or new IndexedDBSessionStore({ databaseName, indexedDB }) with an IndexedDB of your own.`
        )
      }
      return { store: new IndexedDBSessionStore({ databaseName }), databaseName }
    }
  }
  throw new ConfigurationError(`${call}: store must be a session store (new MemorySessionStore()) or { databaseName } for IndexedDB; got ${describeValue(option)}.`)
}
