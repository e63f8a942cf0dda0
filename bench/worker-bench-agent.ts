/// <reference lib="webworker" />
import * as Comlink from 'comlink'
import { LocalAgentHost } from '../lib/host/local-agent-host.ts'
import { IndexedDBSessionStore } from '../lib/storage/indexeddb/indexeddb-session-store.ts'
import { InMemorySandboxClient } from '../sandbox/in-memory/in-memory-sandbox-client.ts'
import { registerErrorTransfer } from '../worker/error-transfer.ts'
import { answerHeartbeats } from '../worker/heartbeat.ts'
import { registerHostEventTransfer } from '../worker/host-event-transfer.ts'
import { MultiTabAgentHost } from '../worker/multi-tab-agent-host.ts'
import { createWebSessionLocks } from '../worker/web-session-locks.ts'
import { BenchDeltaProvider } from './worker-bench-provider.ts'

// The bench's worker: the playground worker's stack (multi-tab host over a local host, IndexedDB,
// Web Locks, BroadcastChannel, heartbeats, comlink) with the bench model in place of the demo.
registerErrorTransfer()
registerHostEventTransfer()
const store = new IndexedDBSessionStore({ databaseName: 'robota-bench' })
const host = new MultiTabAgentHost({
  host: new LocalAgentHost({
    store,
    createSandbox: () => new InMemorySandboxClient({ files: { 'README.md': '# Bench\n' }, cwd: '/workspace' }),
    createProvider: () => new BenchDeltaProvider(),
    defaultProvider: { kind: 'bench', model: 'bench' },
    permissionMode: 'bypassPermissions'
  }),
  store,
  locks: createWebSessionLocks(navigator.locks),
  broadcast: new BroadcastChannel('robota:sessions')
})
answerHeartbeats(self)
Comlink.expose(host)
