import { ConfigurationError } from '../lib/core/errors.ts'
import type { IAgentHost, TTurnResult } from '../lib/host/agent-host.ts'
import type { TAgentWorkerHandle } from './agent-worker-connection.ts'
import { AgentWorkerSupervisor, type TWorkerRestart } from './agent-worker-supervisor.ts'
import { describeWorkerError } from './describe-worker-error.ts'
import { registerErrorTransfer } from './error-transfer.ts'
import type { THeartbeatOptions } from './heartbeat.ts'
import { registerHostEventTransfer } from './host-event-transfer.ts'

/** The agent host as the page sees it, plus control of the worker behind it. */
export interface IAgentClient extends IAgentHost {
  /** Stops the worker for good; later calls fail. */
  terminate(): void
  /** How many times the worker died or hung and was replaced. */
  readonly restarts: number
  /** Calls `listener` after each restart; returns a function that stops it. */
  onRestart(listener: (restart: TWorkerRestart) => void): () => void
}

/** Options of `createAgentClient`: the app's agent worker (see `exposeAgentHost`), given or started. */
export type TAgentClientOptions = {
  /** A worker the app started. Without `createWorker` it cannot be replaced when it dies. */
  worker?: Worker
  /** Starts the app's worker; used for the first one (unless `worker` is given) and for every restart. */
  createWorker?: () => Worker
  /** Heartbeat timing (default every 1 s, dead after 4 s unanswered), or `false` for none. */
  heartbeat?: Partial<THeartbeatOptions> | false
  /** Restarts before the client gives up (default 5). */
  maxRestarts?: number
}

const DEFAULT_HEARTBEAT: THeartbeatOptions = { intervalMs: 1_000, timeoutMs: 4_000 }

/**
 * Returns a typed client for the agent host in the app's worker: pass the worker, or better a
 * function that starts it, such as `() => new Worker(new URL('./agent.worker.ts', import.meta.url),
 * { type: 'module' })`, so the client can replace a worker that died or hung and resume (see
 * `AgentWorkerSupervisor`). Listeners are proxied, so events arrive batched and in order.
 */
export function createAgentClient(worker: Worker | (() => Worker) | TAgentClientOptions): IAgentClient {
  registerErrorTransfer()
  registerHostEventTransfer()
  const options: TAgentClientOptions = typeof worker === 'function' ? { createWorker: worker } : isWorker(worker) ? { worker } : worker
  if (!options.worker && !options.createWorker) {
    throw new ConfigurationError('createAgentClient needs the app’s agent worker: pass the worker, or a function that starts it (see exposeAgentHost).')
  }
  const createWorker = options.createWorker
  let adopted = options.worker
  const startWorker = (): TAgentWorkerHandle => {
    const worker = adopted ?? createWorker?.()
    adopted = undefined
    if (!worker) throw new ConfigurationError('The agent worker stopped and cannot be restarted: pass `createWorker` to createAgentClient.')
    return toWorkerHandle(worker)
  }
  const heartbeat = options.heartbeat === false ? false : { ...DEFAULT_HEARTBEAT, ...options.heartbeat }
  return createSupervisedClient(new AgentWorkerSupervisor({ startWorker, heartbeat, maxRestarts: options.maxRestarts ?? 5 }))
}

function isWorker(value: Worker | TAgentClientOptions): value is Worker {
  return typeof (value as Worker).postMessage === 'function'
}

/** A worker as a handle: its `error` and `messageerror` events are its failure reports. */
export function toWorkerHandle(worker: Worker): TAgentWorkerHandle {
  return {
    endpoint: worker,
    onError: (listener) => {
      worker.addEventListener('error', (event) => listener(describeWorkerError(event)))
      worker.addEventListener('messageerror', () => listener('a message from the worker could not be read'))
    },
    close: () => worker.terminate()
  }
}

const INTERRUPTED_TURN: TTurnResult = { response: '', interrupted: true, toolsExecuted: [] }

/** The host interface over a supervisor: each call says what to do when the worker goes first. */
export function createSupervisedClient(supervisor: AgentWorkerSupervisor): IAgentClient {
  const { memory } = supervisor
  const retry = { kind: 'retry' } as const
  const reject = { kind: 'reject' } as const
  const settled = { kind: 'settle', value: () => undefined } as const
  return {
    createSession: async (options) => {
      const created = await supervisor.call((host) => host.createSession(options), reject)
      if (options?.provider) memory.providerChosen(created.id, options.provider)
      return created
    },
    listSessions: () => supervisor.call((host) => host.listSessions(), retry),
    renameSession: (sessionId, name) => supervisor.call((host) => host.renameSession(sessionId, name), retry),
    deleteSession: async (sessionId) => {
      await supervisor.call((host) => host.deleteSession(sessionId), retry)
      memory.deleted(sessionId)
    },
    forkSession: async (sessionId, options) => {
      const fork = await supervisor.call((host) => host.forkSession(sessionId, options), reject)
      memory.forked(sessionId, fork.id)
      return fork
    },
    setProvider: async (sessionId, provider) => {
      const summary = await supervisor.call((host) => host.setProvider(sessionId, provider), retry)
      memory.providerChosen(sessionId, provider)
      return summary
    },
    openSession: async (sessionId) => {
      memory.opened(sessionId)
      const view = await supervisor.call((host) => host.openSession(sessionId), retry)
      memory.accessSeen(sessionId, view.readOnly === true)
      return view
    },
    closeSession: async (sessionId) => {
      memory.closed(sessionId)
      await supervisor.call((host) => host.closeSession(sessionId), settled)
    },
    // A worker that restarts lets go of its locks; the session is then taken over or free anyway.
    takeOver: (sessionId) => supervisor.call((host) => host.takeOver(sessionId), reject),
    submit: async (sessionId, prompt) => {
      memory.turnStarted(sessionId)
      try {
        return await supervisor.call((host) => host.submit(sessionId, prompt), { kind: 'settle', value: () => ({ ...INTERRUPTED_TURN }) })
      } finally {
        memory.turnEnded(sessionId)
      }
    },
    abort: (sessionId) => supervisor.call((host) => host.abort(sessionId), settled),
    answerPermission: (sessionId, requestId, answer) => supervisor.call((host) => host.answerPermission(sessionId, requestId, answer), settled),
    setPermissionMode: async (sessionId, mode) => {
      await supervisor.call((host) => host.setPermissionMode(sessionId, mode), retry)
      memory.permissionModeSet(sessionId, mode)
    },
    listFiles: (sessionId, path) => supervisor.call((host) => host.listFiles(sessionId, path), retry),
    readFile: (sessionId, path) => supervisor.call((host) => host.readFile(sessionId, path), retry),
    writeFile: (sessionId, path, content) => supervisor.call((host) => host.writeFile(sessionId, path, content), retry),
    applyManifest: (sessionId, manifest) => supervisor.call((host) => host.applyManifest(sessionId, manifest), retry),
    exportReplay: (sessionId) => supervisor.call((host) => host.exportReplay(sessionId), retry),
    importReplay: (jsonl) => supervisor.call((host) => host.importReplay(jsonl), reject),
    verifyReplay: (sessionId) => supervisor.call((host) => host.verifyReplay(sessionId), retry),
    rerunReplay: (sessionId) => supervisor.call((host) => host.rerunReplay(sessionId), retry),
    listCommands: (sessionId) => supervisor.call((host) => host.listCommands(sessionId), retry),
    executeCommand: (sessionId, line) => supervisor.call((host) => host.executeCommand(sessionId, line), reject),
    setSandbox: async (sessionId, choice) => {
      const result = await supervisor.call((host) => host.setSandbox(sessionId, choice), reject)
      memory.sandboxChosen(sessionId, choice)
      return result
    },
    subscribe: async (listener) => supervisor.subscribe(listener),
    unsubscribe: async (subscriptionId) => supervisor.unsubscribe(subscriptionId),
    terminate: () => supervisor.terminate(),
    get restarts() {
      return supervisor.restarts
    },
    onRestart: (listener) => supervisor.onRestart(listener)
  }
}
