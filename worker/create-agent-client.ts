import { ConfigurationError } from '../lib/core/errors.ts'
import { refuseSchemaObject } from '../lib/core/schema-object.ts'
import type { IAgentHost, TTurnResult } from '../lib/host/agent-host.ts'
import type { TAgentWorkerHandle } from './agent-worker-connection.ts'
import { AgentWorkerSupervisor, type TLostCallPolicy, type TWorkerRestart } from './agent-worker-supervisor.ts'
import type { SessionMemory } from './session-memory.ts'
import { describeWorkerError, thrownInWorker } from './describe-worker-error.ts'
import { registerErrorTransfer } from './error-transfer.ts'
import type { THeartbeatOptions } from './heartbeat.ts'
import { registerHostEventTransfer } from './host-event-transfer.ts'
import { startNotingScriptUrl } from './worker-script-url.ts'
import { explainUncloneableArgument } from './uncloneable-argument.ts'
import { WORKER_START_FAILURE } from './worker-start-failure.ts'

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
 * Connects the page to the agent worker of the app (its own worker file, which calls
 * `exposeAgentHost`) and returns a typed client for the host inside it. Pass a function that
 * starts the worker, such as `() => new Worker(new URL('./agent.worker.ts', import.meta.url),
 * { type: 'module' })`, so the client can replace a worker that died or hung and resume (see
 * `AgentWorkerSupervisor`); a started `Worker` cannot be replaced. Listeners are proxied, so events
 * arrive batched and in order. In a page the worker starts at once; where there is no `document`
 * (a component rendered on a server) it starts with the first call, so a module may create the
 * client at its top level.
 *
 * @throws ConfigurationError when given neither a worker nor a way to start one.
 */
export function createAgentClient(workerOrOptions: Worker | (() => Worker) | TAgentClientOptions): IAgentClient {
  registerErrorTransfer()
  registerHostEventTransfer()
  const options: TAgentClientOptions =
    typeof workerOrOptions === 'function' ? { createWorker: workerOrOptions } : isWorker(workerOrOptions) ? { worker: workerOrOptions } : (workerOrOptions ?? {})
  const createWorker = options.createWorker
  let adopted = options.worker
  if (!adopted && !createWorker) {
    throw new ConfigurationError(
      "createAgentClient(): pass a function that starts your app's worker, createAgentClient(() => new Worker(new URL('./agent.worker.ts', import.meta.url), { type: 'module' })), " +
        'or the worker you started; the worker file calls exposeAgentHost from robota/worker.'
    )
  }
  const startWorker = (): TAgentWorkerHandle => {
    const worker = adopted
    adopted = undefined
    if (worker) return toWorkerHandle(worker)
    if (!createWorker) throw new ConfigurationError('The agent worker stopped and cannot be restarted: pass `createWorker` to createAgentClient.')
    const started = startNotingScriptUrl(createWorker)
    return toWorkerHandle(started.worker, started.scriptUrl)
  }
  const heartbeat = options.heartbeat === false ? false : { ...DEFAULT_HEARTBEAT, ...options.heartbeat }
  const supervisor = new AgentWorkerSupervisor({ startWorker, heartbeat, maxRestarts: options.maxRestarts ?? 5 })
  // In a page the worker loads while the app is still starting; where there is no document (a
  // page rendered on a server) it starts with the first call, so creating the client costs nothing.
  if (typeof document !== 'undefined') supervisor.start()
  return createSupervisedClient(supervisor)
}

function isWorker(value: Worker | TAgentClientOptions | undefined): value is Worker {
  return typeof value === 'object' && value !== null && typeof (value as Worker).postMessage === 'function'
}

/**
 * A worker as a handle: its `error` and `messageerror` events are its failure reports. With the
 * URL of its script, a worker that cannot load is reported with the file that failed.
 */
export function toWorkerHandle(worker: Worker, scriptUrl?: string): TAgentWorkerHandle {
  return {
    endpoint: worker,
    onError: (listener) => {
      worker.addEventListener('error', (event) => {
        const thrown = thrownInWorker(event)
        // A host that refused its options: every call rejects with it, so it is no second, unhandled error.
        if (thrown?.message.startsWith(WORKER_START_FAILURE)) event.preventDefault()
        void describeWorkerError(event, scriptUrl).then((message) => listener(message, thrown))
      })
      worker.addEventListener('messageerror', () => listener('a message from the worker could not be read'))
    },
    close: () => worker.terminate()
  }
}

const INTERRUPTED_TURN: TTurnResult = { response: '', interrupted: true, toolsExecuted: [] }

/** The host's methods the client forwards call by call (subscriptions go through the supervisor). */
type TForwardedMethod = Exclude<keyof IAgentHost, 'subscribe' | 'unsubscribe'>
type TArguments<TName extends TForwardedMethod> = Parameters<IAgentHost[TName]>
type TResult<TName extends TForwardedMethod> = Awaited<ReturnType<IAgentHost[TName]>>

/**
 * How one method crosses to the worker: what to do with a call the worker died under
 * (`policy`), and what the page keeps in `SessionMemory` to resume after a restart: before the
 * call, after it succeeded, and once it settled either way.
 */
type TForwarding<TName extends TForwardedMethod> = {
  policy: TLostCallPolicy<TResult<TName>>
  before?: (memory: SessionMemory, ...args: TArguments<TName>) => void
  after?: (memory: SessionMemory, result: TResult<TName>, ...args: TArguments<TName>) => void
  settled?: (memory: SessionMemory, ...args: TArguments<TName>) => void
}

const retry = { kind: 'retry' } as const
const reject = { kind: 'reject' } as const
const settle = { kind: 'settle', value: () => undefined } as const

/** One entry per host method; the compiler refuses a method without one. */
export const CLIENT_FORWARDING: { [TName in TForwardedMethod]: TForwarding<TName> } = {
  createSession: { policy: reject, after: (memory, created, options) => options?.provider && memory.providerChosen(created.id, options.provider) },
  listSessions: { policy: retry },
  renameSession: { policy: retry },
  deleteSession: { policy: retry, after: (memory, _result, sessionId) => memory.deleted(sessionId) },
  forkSession: { policy: reject, after: (memory, fork, sessionId) => memory.forked(sessionId, fork.id) },
  setProvider: { policy: retry, after: (memory, _summary, sessionId, provider) => memory.providerChosen(sessionId, provider) },
  // Settings live in the stored record: a call the worker died under is simply made again.
  getSessionSettings: { policy: retry },
  setSessionSettings: { policy: retry },
  listModels: { policy: retry },
  openSession: {
    policy: retry,
    before: (memory, sessionId) => memory.opened(sessionId),
    after: (memory, view, sessionId) => memory.heard({ kind: 'session_access', sessionId, readOnly: view.readOnly === true })
  },
  loadEarlierMessages: { policy: retry },
  loadEarlierEvents: { policy: retry },
  closeSession: { policy: settle, before: (memory, sessionId) => memory.closed(sessionId) },
  // A worker that restarts lets go of its locks; the session is then taken over or free anyway.
  takeOver: { policy: reject },
  submit: {
    policy: { kind: 'settle', value: () => ({ ...INTERRUPTED_TURN }) },
    before: (memory, sessionId, _prompt, options) => {
      // Checked before it is sent: a cloned zod schema loses what marks it, and can pass for JSON Schema.
      refuseSchemaObject(options?.output?.schema, 'submit(): options.output.schema')
      memory.turnStarted(sessionId)
    },
    settled: (memory, sessionId) => memory.turnEnded(sessionId)
  },
  abort: { policy: settle },
  answerPermission: { policy: settle },
  setPermissionMode: { policy: retry, after: (memory, _result, sessionId, mode) => memory.permissionModeSet(sessionId, mode) },
  setMcpServers: { policy: retry, after: (memory, _result, sessionId, servers) => memory.mcpServersSet(sessionId, servers) },
  listMcpServers: { policy: retry },
  searchPlugins: { policy: retry },
  // An install or a change the worker died under may or may not have landed: the page lists again.
  installPlugin: { policy: reject },
  listPlugins: { policy: retry },
  setPluginEnabled: { policy: reject },
  uninstallPlugin: { policy: reject },
  listFiles: { policy: retry },
  readFile: { policy: retry },
  writeFile: { policy: retry },
  applyManifest: { policy: retry },
  exportReplay: { policy: retry },
  importReplay: { policy: reject },
  verifyReplay: { policy: retry },
  rerunReplay: { policy: retry },
  listCommands: { policy: retry },
  executeCommand: { policy: reject },
  setSandbox: { policy: reject, after: (memory, _result, sessionId, choice) => memory.sandboxChosen(sessionId, choice) }
}

/** The host interface over a supervisor: each method forwarded as `CLIENT_FORWARDING` says. */
export function createSupervisedClient(supervisor: AgentWorkerSupervisor): IAgentClient {
  const { memory } = supervisor
  const forward = <TName extends TForwardedMethod>(name: TName) => {
    // The table is checked where it is written; here each entry is read back at its own type.
    const forwarding = (CLIENT_FORWARDING as Record<TForwardedMethod, unknown>)[name] as TForwarding<TName>
    return async (...args: TArguments<TName>): Promise<TResult<TName>> => {
      forwarding.before?.(memory, ...args)
      try {
        // Reflect.apply keeps `this` for a host object and goes through a comlink proxy's apply trap alike.
        const invoke = (host: IAgentHost) => Reflect.apply(host[name], host, args) as Promise<TResult<TName>>
        const result = await supervisor.call(invoke, forwarding.policy).catch((error: unknown) => {
          throw explainUncloneableArgument(name, error)
        })
        forwarding.after?.(memory, result, ...args)
        return result
      } finally {
        forwarding.settled?.(memory, ...args)
      }
    }
  }
  const methods = Object.fromEntries((Object.keys(CLIENT_FORWARDING) as TForwardedMethod[]).map((name) => [name, forward(name)])) as Pick<IAgentHost, TForwardedMethod>
  return {
    ...methods,
    subscribe: async (listener) => supervisor.subscribe(listener),
    unsubscribe: async (subscriptionId) => supervisor.unsubscribe(subscriptionId),
    terminate: () => supervisor.terminate(),
    get restarts() {
      return supervisor.restarts
    },
    onRestart: (listener) => supervisor.onRestart(listener)
  }
}
