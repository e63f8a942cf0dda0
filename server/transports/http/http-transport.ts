import type { Server } from 'node:http'
import { assertKnownKeys, keysOf } from '../../../lib/core/assert-known-keys.ts'
import { ValidationError } from '../../../lib/core/errors.ts'
import type { InteractiveSession } from '../../../lib/session/interactive-session.ts'
import type { ITransportAdapter } from '../../../lib/session/interactive-session-types.ts'
import type { TPermissionHandler } from '../../../lib/session/permission-enforcer-types.ts'
import { toNodeListener } from '../../to-node-listener.ts'
import { subscribeToSessionEvents, type TTransportEvent } from '../transport-event.ts'
import { TransportPermissions } from '../transport-permissions.ts'
import { checkTransportListenOptions, type TTransportAddress } from '../transport-listen-options.ts'
import { createHttpRoutes } from './http-routes.ts'

/** How an HTTP transport is set up. */
export type THttpTransportOptions = {
  /** Every request must send `authorization: Bearer <token>`; at least 16 characters. */
  token: string
  /** Defaults to `127.0.0.1`. */
  host?: string
  /** Defaults to 0: any free port (read it from `address` after `start()`). */
  port?: number
  /** Largest request body accepted, in bytes; larger ones get 413. Default 1 MiB. */
  maxBodyBytes?: number
  /** Browser origins allowed to call (CORS); without it no CORS header is ever sent. */
  cors?: { origins: readonly string[] }
}

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024
const HTTP_TRANSPORT_OPTION_KEYS = keysOf<THttpTransportOptions>()(['token', 'host', 'port', 'maxBodyBytes', 'cors'])

/**
 * Serves a session over HTTP on Node's `http`: request/response endpoints (submit → result,
 * commands, abort, history, permission answers) and a Server-Sent Events stream of the session's
 * events at `GET /events`, all behind a bearer token. `handler` is the same endpoints as a fetch
 * handler, for mounting in another server instead of calling `start()`.
 */
export class HttpTransport implements ITransportAdapter {
  readonly name = 'http'
  private session: InteractiveSession | undefined
  private server: Server | undefined
  private bound: TTransportAddress | undefined
  private readonly listeners = new Set<(event: TTransportEvent) => void>()
  private readonly openStreams = new Set<() => void>()
  private readonly permissions = new TransportPermissions((id, request) => this.broadcast({ type: 'permission_request', id, request }))
  private unsubscribe: (() => void) | undefined

  constructor(private readonly options: THttpTransportOptions) {
    // `prot` for `port` would otherwise serve on a random port without a word.
    assertKnownKeys('createHttpTransport(options)', options ?? {}, HTTP_TRANSPORT_OPTION_KEYS)
    checkTransportListenOptions('createHttpTransport', options)
    const maxBodyBytes = options.maxBodyBytes
    if (maxBodyBytes !== undefined && (!Number.isInteger(maxBodyBytes) || maxBodyBytes <= 0)) {
      throw new ValidationError(`createHttpTransport(): maxBodyBytes must be a positive integer, got ${String(maxBodyBytes)}.`)
    }
  }

  /** The session's `permissionHandler`: requests go out as `permission_request` events, answers come to `POST /permissions/<id>`. */
  get permissionHandler(): TPermissionHandler {
    return this.permissions.handler
  }

  /** Where the server listens, once started. */
  get address(): TTransportAddress {
    if (!this.bound) throw new ValidationError('HttpTransport.address: the transport has not started.')
    return this.bound
  }

  attach(session: InteractiveSession): void {
    this.session = session
    this.unsubscribe?.()
    this.unsubscribe = subscribeToSessionEvents(session, (event) => this.broadcast(event))
  }

  /** The endpoints as a fetch handler (`(Request) => Promise<Response>`); needs an attached session. */
  get handler(): (request: Request) => Promise<Response> {
    const session = this.session
    if (!session) throw new ValidationError('HttpTransport: attach a session first (session.attachTransport(transport)).')
    return createHttpRoutes({
      session,
      permissions: this.permissions,
      subscribe: (listener) => (this.listeners.add(listener), () => this.listeners.delete(listener)),
      token: this.options.token,
      maxBodyBytes: this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      corsOrigins: this.options.cors?.origins ?? [],
      onEventStream: (close) => (this.openStreams.add(close), () => this.openStreams.delete(close))
    })
  }

  /** Listens on `host:port`; resolves once bound. */
  async start(): Promise<void> {
    if (this.server) throw new ValidationError('HttpTransport.start(): already started.')
    const handler = this.handler
    const { createServer } = await import('node:http')
    const server = createServer(toNodeListener(handler))
    this.server = server
    this.bound = await listen(server, this.options.host ?? '127.0.0.1', this.options.port ?? 0)
  }

  /** Ends the event streams, denies waiting permission requests and closes the server. The session stays open. */
  async stop(): Promise<void> {
    this.permissions.denyAll()
    for (const close of [...this.openStreams]) close()
    this.openStreams.clear()
    this.unsubscribe?.()
    this.unsubscribe = undefined
    const server = this.server
    this.server = undefined
    if (!server) return
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  private broadcast(event: TTransportEvent): void {
    for (const listener of [...this.listeners]) listener(event)
  }
}

/** An HTTP transport over a session: `session.attachTransport(transport); await transport.start()`. */
export function createHttpTransport(options: THttpTransportOptions): HttpTransport {
  return new HttpTransport(options)
}

async function listen(server: Server, host: string, port: number): Promise<TTransportAddress> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => (server.off('error', reject), resolve()))
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new ValidationError(`The server did not bind to ${host}:${port}.`)
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return { host: address.address, port: address.port, url: `http://${shownHost}:${address.port}` }
}
