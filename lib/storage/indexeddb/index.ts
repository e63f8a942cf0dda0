export { IndexedDBSessionStore } from './indexeddb-session-store.ts'

export type { TIndexedDBSessionStoreOptions } from './indexeddb-session-store.ts'
