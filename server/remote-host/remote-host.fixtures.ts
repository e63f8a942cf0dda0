import { WebSocket } from 'ws'
import type { LocalAgentHost } from '../../lib/host/local-agent-host.ts'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { createPlaygroundHost } from '../../playground/worker/playground-agent.ts'
import { createRemoteAgentClient, type TRemoteAgentClientOptions } from '../../worker/remote/create-remote-agent-client.ts'
import { REMOTE_HOST_PROTOCOL } from '../../worker/remote/remote-host-frames.ts'
import type { TWebSocketConstructor } from '../../worker/remote/remote-host-socket.ts'
import type { TRemoteHostLogEntry, TServeAgentHostOptions, TServedAgentHost } from './serve-agent-host-options.ts'
import { serveAgentHost } from './serve-agent-host.ts'

/** `ws`'s client class as the page client takes it (Node 20 has no global WebSocket). */
export const NodeWebSocket = WebSocket as unknown as TWebSocketConstructor

/** The playground's host (offline demo model, a README in the workspace) served on 127.0.0.1, what it logged, and the host itself (for turns the server runs). */
export async function servePlaygroundHost(
  options: Omit<TServeAgentHostOptions, 'port' | 'server' | 'log'>
): Promise<{ served: TServedAgentHost; log: TRemoteHostLogEntry[]; host: LocalAgentHost }> {
  const log: TRemoteHostLogEntry[] = []
  const host = createPlaygroundHost({ store: new MemorySessionStore(), demoDeltaDelayMs: 0, eventIntervalMs: 1 })
  const served = await serveAgentHost(host, { ...options, port: 0, log: (entry) => log.push(entry) })
  return { served, log, host }
}

/** A page client in Node. */
export function connectClient(url: string, options: Omit<TRemoteAgentClientOptions, 'WebSocket'> = {}) {
  return createRemoteAgentClient(url, { ...options, WebSocket: NodeWebSocket })
}

/** A raw socket speaking the protocol by hand, for frames the page client never sends. */
export type TRawConnection = {
  socket: WebSocket
  /** Resolves with the next frame the host sends, parsed. */
  next(): Promise<Record<string, unknown>>
  /** Resolves with the close code and reason once the host closes the socket. */
  closed: Promise<{ code: number; reason: string }>
}

/** Opens a raw socket to `url` with the protocol's subprotocol. */
export async function openRaw(url: string): Promise<TRawConnection> {
  const socket = new WebSocket(url, REMOTE_HOST_PROTOCOL)
  const frames: Array<Record<string, unknown>> = []
  const waiting: Array<(frame: Record<string, unknown>) => void> = []
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Record<string, unknown>
    const waiter = waiting.shift()
    if (waiter) waiter(frame)
    else frames.push(frame)
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })))
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  return {
    socket,
    next: () => {
      const frame = frames.shift()
      return frame ? Promise.resolve(frame) : new Promise((resolve) => waiting.push(resolve))
    },
    closed
  }
}
