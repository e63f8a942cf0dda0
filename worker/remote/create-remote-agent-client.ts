import { ConfigurationError } from '../../lib/core/errors.ts'
import { refuseSchemaObject } from '../../lib/core/schema-object.ts'
import type { IAgentHost, THostEvent, THostEventListener } from '../../lib/host/agent-host.ts'
import type { TSubmitOptions } from '../../lib/host/port/host-turns.ts'
import type { TWorkerRestart } from '../agent-worker-supervisor.ts'
import type { IAgentClient } from '../create-agent-client.ts'
import type { TRemoteHostMethod } from './remote-host-frames.ts'
import { RemoteHostSocket, type TReconnectOptions, type TWebSocketConstructor } from './remote-host-socket.ts'

/** Options of `createRemoteAgentClient`. */
export type TRemoteAgentClientOptions = {
  /** What the host's `authorize` (or `token`) checks; sent in the first frame, never in the URL. */
  token?: string
  /** The WebSocket class; default the global `WebSocket` (browsers, Node 22+). In Node 20 pass `ws`'s. */
  WebSocket?: TWebSocketConstructor
  /** Reconnect timing after a lost connection (default 5 attempts from 250 ms, doubling, 10 s each to connect), or `false` to fail for good at once. */
  reconnect?: Partial<TReconnectOptions> | false
}

const DEFAULT_RECONNECT: TReconnectOptions = { maxAttempts: 5, delayMs: 250, connectTimeoutMs: 10_000 }

// Every host method the client forwards; the compiler refuses a method left out.
const FORWARDED: { readonly [TName in TRemoteHostMethod]: true } = {
  createSession: true,
  listSessions: true,
  renameSession: true,
  deleteSession: true,
  forkSession: true,
  setProvider: true,
  getSessionSettings: true,
  setSessionSettings: true,
  listModels: true,
  openSession: true,
  loadEarlierMessages: true,
  loadEarlierEvents: true,
  closeSession: true,
  takeOver: true,
  submit: true,
  abort: true,
  answerPermission: true,
  setPermissionMode: true,
  setMcpServers: true,
  listMcpServers: true,
  listFiles: true,
  readFile: true,
  writeFile: true,
  applyManifest: true,
  exportReplay: true,
  importReplay: true,
  verifyReplay: true,
  rerunReplay: true,
  listCommands: true,
  executeCommand: true,
  setSandbox: true,
  searchPlugins: true,
  installPlugin: true,
  listPlugins: true,
  setPluginEnabled: true,
  uninstallPlugin: true
}

/**
 * Connects the page to an agent host served by `serveAgentHost` (robota/server) at `url`
 * (`wss://…/agent-host`) and returns the same client `createAgentClient` returns, so the React
 * hooks and components work unchanged while the loop, the keys and the store stay on the server.
 * Errors keep their class and `code`. A lost connection fails the calls waiting on it with a
 * `NetworkError` saying so, then reconnects (`restarts` counts it, `onRestart` hears of it) and
 * reopens the sessions the page had open, so their events flow again.
 *
 * @throws ConfigurationError when no WebSocket class is available (Node 20: pass `ws`'s).
 */
export function createRemoteAgentClient(url: string, options: TRemoteAgentClientOptions = {}): IAgentClient {
  const WebSocketClass = options.WebSocket ?? (globalThis as { WebSocket?: TWebSocketConstructor }).WebSocket
  if (!WebSocketClass) {
    throw new ConfigurationError("createRemoteAgentClient(): this runtime has no global WebSocket; pass one, such as { WebSocket } from the 'ws' package in Node 20.")
  }
  const listeners = new Map<number, THostEventListener>()
  const restartListeners = new Set<(restart: TWorkerRestart) => void>()
  const openSessions = new Set<string>()
  let nextListenerId = 1
  let restarts = 0
  // One batch at a time, in order, each listener awaited as the worker client does.
  const deliver = async (events: THostEvent[]) => {
    for (const listener of [...listeners.values()]) await listener(events)
  }
  const socket: RemoteHostSocket = new RemoteHostSocket(
    url,
    options.token,
    WebSocketClass,
    options.reconnect === false ? false : { ...DEFAULT_RECONNECT, ...options.reconnect },
    deliver,
    ({ message }) => {
      restarts++
      // The new connection follows nothing yet: reopening the page's sessions makes the host send their events again.
      for (const sessionId of openSessions) void socket.call('openSession', [sessionId]).catch(() => openSessions.delete(sessionId))
      const restart: TWorkerRestart = { restarts, reason: 'error', message, interruptedSessionIds: [] }
      for (const listener of restartListeners) listener(restart)
    }
  )
  const forward = (name: TRemoteHostMethod) =>
    async (...args: unknown[]): Promise<unknown> => {
      // As JSON a zod schema keeps only its data, which can pass for JSON Schema: refused before it is sent.
      if (name === 'submit') refuseSchemaObject((args[2] as TSubmitOptions | undefined)?.output?.schema, 'submit(): options.output.schema')
      const value = await socket.call(name, args)
      if (name === 'openSession') openSessions.add(args[0] as string)
      if (name === 'closeSession' || name === 'deleteSession') openSessions.delete(args[0] as string)
      return value
    }
  const methods = Object.fromEntries((Object.keys(FORWARDED) as TRemoteHostMethod[]).map((name) => [name, forward(name)])) as unknown as Pick<IAgentHost, TRemoteHostMethod>
  return {
    ...methods,
    subscribe: async (listener) => {
      const id = nextListenerId++
      listeners.set(id, listener)
      return id
    },
    unsubscribe: async (subscriptionId) => {
      listeners.delete(subscriptionId)
    },
    terminate: () => socket.terminate(),
    get restarts() {
      return restarts
    },
    onRestart: (listener) => {
      restartListeners.add(listener)
      return () => restartListeners.delete(listener)
    }
  }
}
