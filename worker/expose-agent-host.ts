import { ZOD_GENERATES_NO_CODE } from '../lib/tools/zod-without-code-generation.ts'
import * as Comlink from 'comlink'
import { ConfigurationError } from '../lib/core/errors.ts'
import type { TAgentWorkerOptions } from './agent-worker-options.ts'
import { assertWorkerOptions } from './assert-worker-options.ts'
import { buildLocalAgentHost } from './create-local-agent-host.ts'
import { failedAgentHost } from './failed-agent-host.ts'
import { registerErrorTransfer } from './error-transfer.ts'
import { answerHeartbeats } from './heartbeat.ts'
import { registerHostEventTransfer } from './host-event-transfer.ts'
import { createInProcessSessionLocks } from './in-process-session-locks.ts'
import { MultiTabAgentHost } from './multi-tab-agent-host.ts'
import { resolveSessionStore } from './resolve-session-store.ts'
import { createWebSessionLocks } from './web-session-locks.ts'
import { WORKER_START_FAILURE } from './worker-start-failure.ts'

const DEFAULT_DATABASE = 'robota'
const DEFAULT_PLUGIN_DATABASE = 'robota-plugins'

/**
 * The agent host an app's worker runs, built from the app's choices (providers, tools, system
 * prompt, workspace, store, permissions, hooks) and safe to open in several tabs: one drives a
 * session, the others follow it. `exposeAgentHost` builds it and serves it to the page.
 */
export function createAgentWorkerHost(options: TAgentWorkerOptions): MultiTabAgentHost {
  // Checked here, not in the local host, so a refusal names the call the app wrote.
  assertWorkerOptions(options, 'exposeAgentHost(options)')
  const { store, databaseName } = resolveSessionStore(options.store ?? { databaseName: DEFAULT_DATABASE }, 'exposeAgentHost(options)')
  // One channel per database: tabs of two apps on an origin never hear each other's sessions.
  const channel = databaseName === undefined ? 'robota:sessions' : `robota:${databaseName}:sessions`
  return new MultiTabAgentHost({
    // A worker has IndexedDB: user-scope bundle plugins outlive the tab unless the app says otherwise.
    // Other tabs may drive the store's sessions: a turn is closed off when this tab takes its session over.
    host: buildLocalAgentHost({ ...options, userPlugins: options.userPlugins ?? { databaseName: DEFAULT_PLUGIN_DATABASE } }, store, { closeInterruptedTurns: false }),
    store,
    // Browsers without Web Locks get one tab's worth of safety: this worker's own.
    locks: typeof navigator !== 'undefined' && 'locks' in navigator ? createWebSessionLocks(navigator.locks) : createInProcessSessionLocks(),
    ...(typeof BroadcastChannel === 'function' ? { broadcast: new BroadcastChannel(channel) } : {})
  })
}

/**
 * The whole of an app's agent worker: call it in the worker file the page starts with
 * `new Worker(new URL('./agent.worker.ts', import.meta.url), { type: 'module' })`, and hand that
 * worker to `createAgentClient`. Import `robota/worker` before anything that builds a zod schema,
 * so schemas never generate code (a strict Content-Security-Policy forbids it).
 *
 * Options the host cannot be built from (an unknown option, a tool that is none) throw here and
 * reach the page at once: every call of its client fails with that error, and the worker is not
 * restarted, since it would fail the same way again.
 *
 * @throws ConfigurationError outside a Web Worker.
 */
export function exposeAgentHost(options: TAgentWorkerOptions): MultiTabAgentHost {
  // Node has no scope to answer from, and a page's window would answer itself.
  if (!('WorkerGlobalScope' in globalThis)) {
    throw new ConfigurationError('exposeAgentHost() runs in a Web Worker; in Node or on the page, use createLocalAgentHost(options, store).')
  }
  return exposeAgentHostOn(options, globalThis as unknown as Comlink.Endpoint)
}

/** `exposeAgentHost` over any endpoint (a worker's scope, a `MessagePort`). */
export function exposeAgentHostOn(options: TAgentWorkerOptions, scope: Comlink.Endpoint): MultiTabAgentHost {
  // Read so the import above, there for its effect, is never dropped as unused.
  if (!ZOD_GENERATES_NO_CODE) throw new Error('zod must be set jitless before any schema is built.')
  registerErrorTransfer()
  registerHostEventTransfer()
  // Heartbeats are answered even when the host cannot be built: a new worker would fail the same way.
  answerHeartbeats(scope)
  try {
    const host = createAgentWorkerHost(options)
    Comlink.expose(host, scope)
    return host
  } catch (error) {
    if (error instanceof Error) error.message = `${WORKER_START_FAILURE}${error.message}`
    Comlink.expose(failedAgentHost(error), scope)
    throw error
  }
}
