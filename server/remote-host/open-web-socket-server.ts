import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { WebSocket, WebSocketServer } from 'ws'
import { ConfigurationError } from '../../lib/core/errors.ts'
import type { TUpgradeServer } from './serve-agent-host-options.ts'

/** Where a WebSocket endpoint listens and what it accepts. */
export type TWebSocketEndpointOptions = {
  server?: TUpgradeServer
  port?: number
  hostname?: string
  path: string
  /** The subprotocol a client must ask for. */
  protocol: string
  maxFrameBytes: number
}

/** A listening endpoint: its URL, its connections, and how to stop it. */
export type TWebSocketEndpoint = {
  url: string
  readonly sockets: ReadonlySet<WebSocket>
  onConnection(listener: (socket: WebSocket, request: IncomingMessage) => void): void
  close(): Promise<void>
}

/**
 * Opens a `ws` server on its own port or on a shared HTTP server's upgrades to `path`, loading
 * `ws` only now. Frames over `maxFrameBytes` close their connection with code 1009.
 *
 * @throws ConfigurationError when given neither `server` nor `port`.
 */
export async function openWebSocketServer(options: TWebSocketEndpointOptions, caller: string): Promise<TWebSocketEndpoint> {
  if (options.server === undefined && options.port === undefined) throw new ConfigurationError(`${caller}: pass \`server\` (an HTTP server to share) or \`port\` (0 picks a free one).`)
  const { WebSocketServer } = await import('ws')
  const common = { maxPayload: options.maxFrameBytes, handleProtocols: (protocols: Set<string>) => (protocols.has(options.protocol) ? options.protocol : false) }
  const sockets = new Set<WebSocket>()
  let wss: WebSocketServer
  let detach = (): void => undefined
  let url: string
  if (options.server) {
    wss = new WebSocketServer({ ...common, noServer: true })
    const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (new URL(request.url ?? '/', 'http://localhost').pathname !== options.path) return
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request))
    }
    // Structural on the way in, so the public options need no Node types; Node's server has both methods.
    const server = options.server as unknown as { on: (event: 'upgrade', listener: typeof onUpgrade) => void; off: (event: 'upgrade', listener: typeof onUpgrade) => void }
    server.on('upgrade', onUpgrade)
    detach = () => server.off('upgrade', onUpgrade)
    url = options.path
  } else {
    const hostname = options.hostname ?? '127.0.0.1'
    wss = new WebSocketServer({ ...common, port: options.port, host: hostname, path: options.path })
    await new Promise<void>((resolve, reject) => {
      wss.once('listening', resolve)
      wss.once('error', reject)
    })
    const address = wss.address()
    const port = typeof address === 'object' && address !== null ? address.port : options.port
    url = `ws://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}${options.path}`
  }
  wss.on('connection', (socket: WebSocket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  return {
    url,
    sockets,
    onConnection: (listener) => wss.on('connection', listener),
    close: async () => {
      detach()
      for (const socket of sockets) socket.close(1001, 'the server is shutting down')
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      for (const socket of sockets) socket.terminate()
    }
  }
}
