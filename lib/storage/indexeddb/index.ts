export { IndexedDBSessionStore } from './indexeddb-session-store.ts'

export type { TIndexedDBSessionStoreOptions } from './indexeddb-session-store.ts'
export { IndexedDBPluginFileStore } from './indexeddb-plugin-file-store.ts'
export type { TIndexedDBPluginFileStoreOptions } from './indexeddb-plugin-file-store.ts'
