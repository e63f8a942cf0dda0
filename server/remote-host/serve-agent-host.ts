import type { IAgentHost } from '../../lib/host/agent-host.ts'
import { ConfigurationError } from '../../lib/core/errors.ts'
import { REMOTE_HOST_PROTOCOL } from '../../worker/remote/remote-host-frames.ts'
import { openWebSocketServer } from './open-web-socket-server.ts'
import { RemoteHostConnection, type TRemoteHostContext } from './remote-host-connection.ts'
import { resolveAuthorize } from './resolve-authorize.ts'
import type { TServeAgentHostOptions, TServedAgentHost } from './serve-agent-host-options.ts'
import { InMemorySessionOwners, SOLE_PRINCIPAL_OWNERS } from './session-owners.ts'

const DEFAULT_PATH = '/agent-host'
const DEFAULT_MAX_FRAME_BYTES = 1024 * 1024
const DEFAULT_HELLO_TIMEOUT_MS = 10_000

/**
 * Serves an agent host (a `LocalAgentHost` over a server-side store, say) over WebSocket, so a
 * page drives it with `createRemoteAgentClient` and the same hooks as the worker client. Each
 * connection authenticates with its first frame; sessions belong to the principal that made them.
 * `ws` is loaded only here, so the provider proxy's users never load it.
 *
 * @throws ConfigurationError when given neither `server` nor `port`, or neither `authorize` nor `token`.
 */
export async function serveAgentHost(host: IAgentHost, options: TServeAgentHostOptions): Promise<TServedAgentHost> {
  const authorize = resolveAuthorize(options, 'serveAgentHost()')
  const maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES
  if (!Number.isSafeInteger(maxFrameBytes) || maxFrameBytes < 1024) {
    throw new ConfigurationError(`serveAgentHost(): maxFrameBytes must be an integer of at least 1024; got ${String(options.maxFrameBytes)}.`)
  }
  const context: TRemoteHostContext = {
    host,
    // One shared token is one principal: every stored session is theirs, across restarts too.
    owners: options.owners ?? (options.authorize ? new InMemorySessionOwners() : SOLE_PRINCIPAL_OWNERS),
    authorize,
    maxFrameBytes,
    allowedModels: options.allowedModels,
    allowPluginChanges: options.allowPluginChanges === true,
    helloTimeoutMs: options.helloTimeoutMs ?? DEFAULT_HELLO_TIMEOUT_MS,
    log: options.log ?? (() => undefined)
  }
  const endpoint = await openWebSocketServer(
    { ...options, path: options.path ?? DEFAULT_PATH, protocol: REMOTE_HOST_PROTOCOL, maxFrameBytes },
    'serveAgentHost()'
  )
  endpoint.onConnection((socket, request) => {
    const connection = new RemoteHostConnection(
      { send: (text) => socket.send(text), close: (code, reason) => socket.close(code, reason) },
      { url: request.url ?? '/', headers: request.headers, ...(request.socket.remoteAddress ? { remoteAddress: request.socket.remoteAddress } : {}) },
      context
    )
    socket.on('message', (data, isBinary) => {
      if (isBinary) connection.receiveBinary()
      else connection.receive(data.toString())
    })
    socket.on('error', (error) => context.log({ event: 'frame_refused', message: error.message }))
    socket.on('close', () => connection.disconnected())
  })
  return {
    url: endpoint.url,
    get connectionCount() {
      return endpoint.sockets.size
    },
    close: () => endpoint.close()
  }
}
