import { AuthenticationError, ConfigurationError, ValidationError } from '../../../lib/core/errors.ts'
import type { InteractiveSession } from '../../../lib/session/interactive-session.ts'
import type { IExecutionResult, IInteractiveSessionEvents, ITransportAdapter, TInteractiveSessionEventName } from '../../../lib/session/interactive-session-types.ts'
import type { TPermissionAnswer, TPermissionHandler, TPermissionRequest } from '../../../lib/session/permission-enforcer-types.ts'
import { NO_STACK, serializeError } from '../../../worker/serialized-error.ts'
import { openWebSocketServer, type TWebSocketEndpoint } from '../../remote-host/open-web-socket-server.ts'
import { resolveAuthorize } from '../../remote-host/resolve-authorize.ts'
import type { TRemoteHostAuthorize, TRemoteHostRequest, TUpgradeServer } from '../../remote-host/serve-agent-host-options.ts'
import { WEBSOCKET_TRANSPORT_PROTOCOL, type TSessionServerFrame } from './websocket-transport-frames.ts'
import { readSessionClientFrame } from './read-session-client-frame.ts'
import { toTransportResult } from '../transport-event.ts'

/** Options of the `ws` transport. Give `server` or `port`, and `authorize` or `token`. */
export type TWebSocketTransportOptions = {
  server?: TUpgradeServer
  /** Listen on this port (0 picks a free one). */
  port?: number
  /** Default `127.0.0.1`. */
  hostname?: string
  /** Default `/session`. */
  path?: string
  authorize?: TRemoteHostAuthorize
  token?: string | undefined
  /** The largest frame a client may send; default 1 MiB. Larger frames close the connection (1009). */
  maxFrameBytes?: number
}

const EVENT_NAMES: readonly TInteractiveSessionEventName[] = ['text_delta', 'tool_start', 'tool_end', 'thinking', 'complete', 'error', 'context_update', 'interrupted']

type TClient = {
  sendText: (text: string) => void
  authenticated: boolean
  /** Set while the hello is checked: frames right behind it wait for the answer instead of being refused. */
  hello?: Promise<void>
  request: TRemoteHostRequest
}

const send = (client: TClient, frame: TSessionServerFrame) => client.sendText(JSON.stringify(frame))

/**
 * Serves one `InteractiveSession` over WebSocket, both ways: clients send prompts, commands,
 * aborts and permission answers; every client gets the session's events, results, and its
 * permission prompts. Pass `askPermission` as the session's `permissionHandler` so prompts go to
 * the socket; with no client connected a prompt is answered `deny`.
 *
 * ```ts
 * const transport = new WebSocketTransport({ port: 8787, token })
 * const session = new InteractiveSession({ provider, sandbox, permissionHandler: transport.askPermission })
 * session.attachTransport(transport)
 * await transport.start()
 * ```
 */
export class WebSocketTransport implements ITransportAdapter {
  readonly name = 'ws'
  private session: InteractiveSession | undefined
  private endpoint: TWebSocketEndpoint | undefined
  private readonly clients = new Set<TClient>()
  private readonly permissions = new Map<string, (answer: TPermissionAnswer) => void>()
  private readonly listeners: Array<[TInteractiveSessionEventName, (...args: unknown[]) => void]> = []
  private readonly authorize: TRemoteHostAuthorize
  private readonly maxFrameBytes: number
  private nextPermissionId = 1

  /** @throws ConfigurationError when given neither `authorize` nor a `token` of 16 characters or more. */
  constructor(private readonly options: TWebSocketTransportOptions) {
    this.authorize = resolveAuthorize(options, 'new WebSocketTransport()')
    this.maxFrameBytes = options.maxFrameBytes ?? 1024 * 1024
  }

  /** The `ws://` URL clients connect to, once started (with `server`, the path). */
  get url(): string {
    if (!this.endpoint) throw new ConfigurationError('The ws transport has no URL until start() resolved.')
    return this.endpoint.url
  }

  /** The session's permission handler: asks the connected clients and resolves with the first answer. */
  readonly askPermission: TPermissionHandler = (request, signal) => this.ask(request, signal)

  attach(session: InteractiveSession): void {
    this.session = session
    for (const name of EVENT_NAMES) {
      const listener = (data: unknown) => this.broadcast({ type: 'event', name, data: toEventData(name, data) })
      this.listeners.push([name, listener])
      session.on(name, listener as IInteractiveSessionEvents[typeof name])
    }
  }

  async start(): Promise<void> {
    if (!this.session) throw new ConfigurationError('The ws transport serves no session: call session.attachTransport(transport) before start().')
    this.endpoint = await openWebSocketServer(
      { ...this.options, path: this.options.path ?? '/session', protocol: WEBSOCKET_TRANSPORT_PROTOCOL, maxFrameBytes: this.maxFrameBytes },
      'WebSocketTransport.start()'
    )
    this.endpoint.onConnection((socket, request) => {
      const client: TClient = {
        sendText: (text) => socket.send(text),
        authenticated: false,
        request: { url: request.url ?? '/', headers: request.headers, ...(request.socket.remoteAddress ? { remoteAddress: request.socket.remoteAddress } : {}) }
      }
      this.clients.add(client)
      socket.on('message', (data, isBinary) => void this.receive(client, isBinary ? undefined : data.toString(), (code, reason) => socket.close(code, reason)))
      // ws reports an oversized frame here and closes the connection with 1009 itself.
      socket.on('error', () => undefined)
      socket.on('close', () => this.leave(client))
    })
  }

  async stop(): Promise<void> {
    for (const [name, listener] of this.listeners.splice(0)) this.session?.off(name, listener as IInteractiveSessionEvents[typeof name])
    for (const settle of this.permissions.values()) settle('deny')
    await this.endpoint?.close()
    this.clients.clear()
  }

  private async receive(client: TClient, text: string | undefined, close: (code: number, reason: string) => void): Promise<void> {
    const session = this.session as InteractiveSession
    const frame = readSessionClientFrame(text)
    if (typeof frame === 'string') return this.refuseFrame(client, null, frame)
    if (frame.type === 'hello') {
      if (client.hello || client.authenticated) return this.refuseFrame(client, null, 'this connection already sent its hello')
      client.hello = this.hello(client, frame.token, close)
      return client.hello
    }
    await client.hello
    if (!client.authenticated) {
      send(client, { type: 'refused', error: serializeError(new AuthenticationError('The session refused the connection: the first frame must be a hello carrying the token.'), NO_STACK) })
      close(4401, 'the first frame must be a hello')
      return
    }
    if (frame.type === 'abort') return session.abort()
    if (frame.type === 'permission_answer') {
      const settle = this.permissions.get(frame.requestId)
      if (!settle) return this.refuseFrame(client, null, `no permission request "${frame.requestId}" is waiting`)
      return settle(frame.answer)
    }
    try {
      if (frame.type === 'prompt') {
        const result = await session.submit(frame.text)
        // A failed prompt's cause went out as an `error` event; its answer is null, as for one taken off the queue.
        send(client, { type: 'prompt_result', id: frame.id, result: result && !result.error ? toTransportResult(result) : null })
      }
      else send(client, { type: 'command_result', id: frame.id, result: await session.executeCommand(frame.name, frame.args ?? '') })
    } catch (error) {
      send(client, { type: 'error', id: frame.id, error: serializeError(error, NO_STACK) })
    }
  }

  private async hello(client: TClient, token: string | undefined, close: (code: number, reason: string) => void): Promise<void> {
    const principal = await Promise.resolve(this.authorize(token, client.request)).catch(() => undefined)
    if (!principal) {
      const reason = token ? 'its token was not accepted' : 'it presented no token'
      send(client, { type: 'refused', error: serializeError(new AuthenticationError(`The session refused the connection: ${reason}.`), NO_STACK) })
      close(4401, reason)
      return
    }
    client.authenticated = true
    send(client, { type: 'welcome', sessionId: (this.session as InteractiveSession).getSessionId(), maxFrameBytes: this.maxFrameBytes })
  }

  private ask(request: TPermissionRequest, signal?: AbortSignal): Promise<TPermissionAnswer> {
    const listeners = [...this.clients].filter((client) => client.authenticated)
    if (listeners.length === 0 || signal?.aborted) return Promise.resolve('deny')
    const requestId = `permission-${this.nextPermissionId++}`
    return new Promise((resolve) => {
      const settle = (answer: TPermissionAnswer) => {
        this.permissions.delete(requestId)
        signal?.removeEventListener('abort', onAbort)
        resolve(answer)
      }
      const onAbort = () => settle('deny')
      signal?.addEventListener('abort', onAbort, { once: true })
      this.permissions.set(requestId, settle)
      for (const client of listeners) send(client, { type: 'permission_request', requestId, request })
    })
  }

  private leave(client: TClient): void {
    this.clients.delete(client)
    // Nobody is left to answer: waiting prompts are denied rather than holding the turn forever.
    if (![...this.clients].some((other) => other.authenticated)) for (const settle of [...this.permissions.values()]) settle('deny')
  }

  private broadcast(frame: TSessionServerFrame): void {
    const text = JSON.stringify(frame)
    for (const client of this.clients) if (client.authenticated) client.sendText(text)
  }

  private refuseFrame(client: TClient, id: number | null, message: string): void {
    send(client, { type: 'error', id, error: serializeError(new ValidationError(`The session refused a frame: ${message}.`), NO_STACK) })
  }
}

// As the other transports send them: an error without its stack, a result without its history
// (which grows with the conversation; a client asks for it apart).
function toEventData(name: string, data: unknown): unknown {
  if (name === 'error') return serializeError(data, NO_STACK)
  if (name === 'complete' || name === 'interrupted') return toTransportResult(data as IExecutionResult)
  return data
}
