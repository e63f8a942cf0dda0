/// <reference lib="webworker" />
import * as Comlink from 'comlink'
import { IndexedDBSessionStore } from '../lib/storage/indexeddb/indexeddb-session-store.ts'
import { createPlaygroundHost } from './create-playground-host.ts'
import { registerErrorTransfer } from './error-transfer.ts'

// The worker entry: it builds the host and exposes it, nothing more.
registerErrorTransfer()
Comlink.expose(createPlaygroundHost({ store: new IndexedDBSessionStore() }))
