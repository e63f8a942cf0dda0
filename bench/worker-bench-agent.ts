/// <reference lib="webworker" />
import { exposeAgentHost } from '../worker/expose-agent-host.ts'
import { BenchDeltaProvider } from './worker-bench-provider.ts'

// The bench's worker: an app worker file like the playground's (multi-tab host over a local
// host, IndexedDB, Web Locks, BroadcastChannel, heartbeats), with the bench model.
exposeAgentHost({
  // The playground the render bench shows asks for the offline demo, its default: the bench model answers.
  providers: { bench: () => new BenchDeltaProvider(), 'offline-demo': () => new BenchDeltaProvider() },
  defaultProvider: { kind: 'bench', model: 'bench' },
  workspace: { files: { 'README.md': '# Bench\n' } },
  store: { databaseName: 'robota-bench' },
  permissionMode: 'bypassPermissions'
})
