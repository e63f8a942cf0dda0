import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { WebSocket, WebSocketServer } from 'ws'
import { ConfigurationError } from '../../lib/core/errors.ts'
import type { IAgentHost } from '../../lib/host/agent-host.ts'
import { REMOTE_HOST_PROTOCOL } from '../../worker/remote/remote-host-frames.ts'
import { RemoteHostConnection, type TRemoteHostContext } from './remote-host-connection.ts'
import type { TRemoteHostAuthorize, TServeAgentHostOptions, TServedAgentHost } from './serve-agent-host-options.ts'
import { SessionOwners } from './session-owners.ts'

const DEFAULT_PATH = '/agent-host'
const DEFAULT_MAX_FRAME_BYTES = 1024 * 1024
const DEFAULT_HELLO_TIMEOUT_MS = 10_000
const TOKEN_HOLDER = 'token-holder'

/**
 * Serves an agent host (a `LocalAgentHost` over a server-side store, say) over WebSocket, so a
 * page drives it with `createRemoteAgentClient` and the same hooks as the worker client. Each
 * connection authenticates with its first frame; sessions belong to the principal that made them.
 * `ws` is loaded only here, so the provider proxy's users never load it.
 *
 * @throws ConfigurationError when given neither `server` nor `port`, or neither `authorize` nor `token`.
 */
export async function serveAgentHost(host: IAgentHost, options: TServeAgentHostOptions): Promise<TServedAgentHost> {
  const authorize = resolveAuthorize(options)
  if (options.server === undefined && options.port === undefined) {
    throw new ConfigurationError('serveAgentHost(): pass `server` (an HTTP server to share) or `port` (0 picks a free one).')
  }
  const maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES
  if (!Number.isSafeInteger(maxFrameBytes) || maxFrameBytes < 1024) throw new ConfigurationError(`serveAgentHost(): maxFrameBytes must be an integer of at least 1024; got ${String(options.maxFrameBytes)}.`)
  const path = options.path ?? DEFAULT_PATH
  const context: TRemoteHostContext = {
    host,
    owners: new SessionOwners(),
    authorize,
    maxFrameBytes,
    allowedModels: options.allowedModels,
    helloTimeoutMs: options.helloTimeoutMs ?? DEFAULT_HELLO_TIMEOUT_MS,
    log: options.log ?? (() => undefined)
  }
  const { WebSocketServer } = await import('ws')
  const common = { maxPayload: maxFrameBytes, handleProtocols: (protocols: Set<string>) => (protocols.has(REMOTE_HOST_PROTOCOL) ? REMOTE_HOST_PROTOCOL : false) }
  const sockets = new Set<WebSocket>()
  let wss: WebSocketServer
  let detach = () => undefined as void
  let url: string
  if (options.server) {
    wss = new WebSocketServer({ ...common, noServer: true })
    const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (new URL(request.url ?? '/', 'http://localhost').pathname !== path) return
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request))
    }
    const server = options.server as unknown as { on: (event: 'upgrade', listener: typeof onUpgrade) => void; off: (event: 'upgrade', listener: typeof onUpgrade) => void }
    server.on('upgrade', onUpgrade)
    detach = () => server.off('upgrade', onUpgrade)
    url = path
  } else {
    const hostname = options.hostname ?? '127.0.0.1'
    wss = new WebSocketServer({ ...common, port: options.port, host: hostname, path })
    await new Promise<void>((resolve, reject) => {
      wss.once('listening', resolve)
      wss.once('error', reject)
    })
    const address = wss.address()
    const port = typeof address === 'object' && address !== null ? address.port : options.port
    url = `ws://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}${path}`
  }
  wss.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    sockets.add(ws)
    const connection = new RemoteHostConnection(
      { send: (text) => ws.send(text), close: (code, reason) => ws.close(code, reason) },
      { url: request.url ?? '/', headers: request.headers, ...(request.socket.remoteAddress ? { remoteAddress: request.socket.remoteAddress } : {}) },
      context
    )
    ws.on('message', (data, isBinary) => {
      if (isBinary) connection.receiveBinary()
      else connection.receive(data.toString())
    })
    ws.on('error', (error) => context.log({ event: 'frame_refused', message: error.message }))
    ws.on('close', () => {
      sockets.delete(ws)
      connection.disconnected()
    })
  })
  return {
    url,
    get connectionCount() {
      return sockets.size
    },
    close: async () => {
      detach()
      for (const ws of sockets) ws.close(1001, 'the agent host is shutting down')
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      for (const ws of sockets) ws.terminate()
    }
  }
}

function resolveAuthorize(options: TServeAgentHostOptions): TRemoteHostAuthorize {
  if (options.authorize) return options.authorize
  const expected = options.token
  if (typeof expected !== 'string' || expected.length < 16) {
    throw new ConfigurationError('serveAgentHost(): pass `authorize(token, request)`, or a `token` of at least 16 characters that every client presents.')
  }
  return (token) => (token !== undefined && equalInConstantTime(token, expected) ? TOKEN_HOLDER : undefined)
}

// Compares every character whatever the first difference, so timing does not reveal the token.
function equalInConstantTime(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length
  for (let index = 0; index < expected.length; index++) difference |= (given.charCodeAt(index) | 0) ^ expected.charCodeAt(index)
  return difference === 0
}
