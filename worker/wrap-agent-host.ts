import * as Comlink from 'comlink'
import type { IAgentHost, THostEventListener } from '../lib/host/agent-host.ts'

/** An agent host reached over one comlink endpoint, plus a way to let go of it. */
export interface IAgentHostConnection extends IAgentHost {
  /** Releases the comlink proxy and closes the endpoint; later calls fail. */
  terminate(): void
}

/**
 * Wraps any comlink endpoint exposing an agent host (a worker, a `MessagePort`); `close` ends the
 * endpoint. Listeners are proxied, so events arrive as calls from the other side, in order.
 */
export function wrapAgentHost(endpoint: Comlink.Endpoint, close: () => void): IAgentHostConnection {
  const remote = Comlink.wrap<IAgentHost>(endpoint)
  return {
    createSession: (options) => remote.createSession(options),
    listSessions: () => remote.listSessions(),
    renameSession: (sessionId, name) => remote.renameSession(sessionId, name),
    deleteSession: (sessionId) => remote.deleteSession(sessionId),
    forkSession: (sessionId, options) => remote.forkSession(sessionId, options),
    setProvider: (sessionId, provider) => remote.setProvider(sessionId, provider),
    getSessionSettings: (sessionId) => remote.getSessionSettings(sessionId),
    setSessionSettings: (sessionId, settings) => remote.setSessionSettings(sessionId, settings),
    listModels: (choice) => remote.listModels(choice),
    openSession: (sessionId, options) => remote.openSession(sessionId, options),
    loadEarlierMessages: (sessionId, beforeIndex, count) => remote.loadEarlierMessages(sessionId, beforeIndex, count),
    loadEarlierEvents: (sessionId, beforeSeq, count) => remote.loadEarlierEvents(sessionId, beforeSeq, count),
    closeSession: (sessionId) => remote.closeSession(sessionId),
    takeOver: (sessionId) => remote.takeOver(sessionId),
    submit: (sessionId, prompt, options) => remote.submit(sessionId, prompt, options),
    abort: (sessionId) => remote.abort(sessionId),
    answerPermission: (sessionId, requestId, answer) => remote.answerPermission(sessionId, requestId, answer),
    setPermissionMode: (sessionId, mode) => remote.setPermissionMode(sessionId, mode),
    setMcpServers: (sessionId, servers) => remote.setMcpServers(sessionId, servers),
    listMcpServers: (sessionId) => remote.listMcpServers(sessionId),
    searchPlugins: (query) => remote.searchPlugins(query),
    installPlugin: (sessionId, request) => remote.installPlugin(sessionId, request),
    listPlugins: (sessionId) => remote.listPlugins(sessionId),
    setPluginEnabled: (sessionId, scope, name, enabled) => remote.setPluginEnabled(sessionId, scope, name, enabled),
    uninstallPlugin: (sessionId, scope, name) => remote.uninstallPlugin(sessionId, scope, name),
    listFiles: (sessionId, path) => remote.listFiles(sessionId, path),
    readFile: (sessionId, path) => remote.readFile(sessionId, path),
    writeFile: (sessionId, path, content) => remote.writeFile(sessionId, path, content),
    applyManifest: (sessionId, manifest) => remote.applyManifest(sessionId, manifest),
    exportReplay: (sessionId) => remote.exportReplay(sessionId),
    importReplay: (jsonl, options) => remote.importReplay(jsonl, options),
    verifyReplay: (sessionId) => remote.verifyReplay(sessionId),
    rerunReplay: (sessionId) => remote.rerunReplay(sessionId),
    listCommands: (sessionId) => remote.listCommands(sessionId),
    executeCommand: (sessionId, line) => remote.executeCommand(sessionId, line),
    setSandbox: (sessionId, choice) => remote.setSandbox(sessionId, choice),
    subscribe: (listener: THostEventListener) => remote.subscribe(Comlink.proxy(listener)),
    unsubscribe: (subscriptionId) => remote.unsubscribe(subscriptionId),
    terminate: () => {
      remote[Comlink.releaseProxy]()
      close()
    }
  }
}
