/// <reference lib="webworker" />
import { ZOD_GENERATES_NO_CODE } from '../lib/tools/zod-without-code-generation.ts'
import * as Comlink from 'comlink'
import { IndexedDBSessionStore } from '../lib/storage/indexeddb/indexeddb-session-store.ts'
import { createPlaygroundHost } from './create-playground-host.ts'
import { registerErrorTransfer } from './error-transfer.ts'
import { answerHeartbeats } from './heartbeat.ts'
import { registerHostEventTransfer } from './host-event-transfer.ts'
import { createInProcessSessionLocks } from './in-process-session-locks.ts'
import { MultiTabAgentHost } from './multi-tab-agent-host.ts'
import { createWebSessionLocks } from './web-session-locks.ts'

// The worker entry: it builds the host, makes it safe to open in several tabs, and exposes it.
// Read so the first import, there for its effect, is never dropped as unused.
if (!ZOD_GENERATES_NO_CODE) throw new Error('zod must be set jitless before any schema is built.')
registerErrorTransfer()
registerHostEventTransfer()
const store = new IndexedDBSessionStore()
const host = new MultiTabAgentHost({
  host: createPlaygroundHost({ store }),
  store,
  // Browsers without Web Locks get one tab's worth of safety: this worker's own.
  locks: 'locks' in navigator ? createWebSessionLocks(navigator.locks) : createInProcessSessionLocks(),
  ...(typeof BroadcastChannel === 'function' ? { broadcast: new BroadcastChannel('robota:sessions') } : {})
})
answerHeartbeats(self)
Comlink.expose(host)
