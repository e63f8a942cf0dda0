import * as Comlink from 'comlink'
import type { IAgentHost, THostEventListener } from '../lib/session/agent-host.ts'
import { registerErrorTransfer } from './error-transfer.ts'

/** The agent host as the page sees it, plus control of the worker behind it. */
export interface IAgentClient extends IAgentHost {
  /** Stops the worker; later calls fail. */
  terminate(): void
}

/** Options of `createAgentClient`. */
export type TAgentClientOptions = {
  /** A worker the app built with its bundler; by default the SDK starts its own. */
  worker?: Worker
}

/**
 * Starts the agent worker (or adopts one) and returns a typed client for the host inside it.
 * Listeners are proxied, so events arrive as calls from the worker, batched and in order.
 */
export function createAgentClient(options: TAgentClientOptions = {}): IAgentClient {
  registerErrorTransfer()
  const worker =
    options.worker ?? new Worker(new URL('./agent-worker.ts', import.meta.url), { type: 'module', name: 'robota-agent' })
  return wrapAgentHost(worker, () => worker.terminate())
}

/** Wraps any comlink endpoint exposing an agent host; `close` ends the endpoint. */
export function wrapAgentHost(endpoint: Comlink.Endpoint, close: () => void): IAgentClient {
  const remote = Comlink.wrap<IAgentHost>(endpoint)
  return {
    createSession: (options) => remote.createSession(options),
    listSessions: () => remote.listSessions(),
    renameSession: (sessionId, name) => remote.renameSession(sessionId, name),
    deleteSession: (sessionId) => remote.deleteSession(sessionId),
    forkSession: (sessionId, options) => remote.forkSession(sessionId, options),
    setProvider: (sessionId, provider) => remote.setProvider(sessionId, provider),
    openSession: (sessionId) => remote.openSession(sessionId),
    submit: (sessionId, prompt) => remote.submit(sessionId, prompt),
    abort: (sessionId) => remote.abort(sessionId),
    answerPermission: (sessionId, requestId, answer) => remote.answerPermission(sessionId, requestId, answer),
    setPermissionMode: (sessionId, mode) => remote.setPermissionMode(sessionId, mode),
    listFiles: (sessionId, path) => remote.listFiles(sessionId, path),
    readFile: (sessionId, path) => remote.readFile(sessionId, path),
    writeFile: (sessionId, path, content) => remote.writeFile(sessionId, path, content),
    applyManifest: (sessionId, manifest) => remote.applyManifest(sessionId, manifest),
    exportReplay: (sessionId) => remote.exportReplay(sessionId),
    importReplay: (jsonl) => remote.importReplay(jsonl),
    verifyReplay: (sessionId) => remote.verifyReplay(sessionId),
    subscribe: (listener: THostEventListener) => remote.subscribe(Comlink.proxy(listener)),
    unsubscribe: (subscriptionId) => remote.unsubscribe(subscriptionId),
    terminate: () => {
      remote[Comlink.releaseProxy]()
      close()
    }
  }
}
