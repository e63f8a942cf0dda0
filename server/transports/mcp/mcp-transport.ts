import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { ValidationError } from '../../../lib/core/errors.ts'
import type { InteractiveSession } from '../../../lib/session/interactive-session.ts'
import type { ITransportAdapter } from '../../../lib/session/interactive-session-types.ts'
import type { TTransportErrorCode } from '../session-operations.ts'
import { subscribeToSessionEvents } from '../transport-event.ts'
import { checkTransportListenOptions, type TTransportAddress } from '../transport-listen-options.ts'
import { checkBearerToken } from '../bearer-token.ts'
import { registerSessionTools } from './mcp-session-tools.ts'
import { readNodeBody } from './read-node-body.ts'

/** How an MCP transport is set up. */
export type TMcpTransportOptions = {
  /** Every request must send `authorization: Bearer <token>`; at least 16 characters. */
  token: string
  /** Defaults to `127.0.0.1`. */
  host?: string
  /** Defaults to 0: any free port (read it from `address` after `start()`). */
  port?: number
  /** Where the MCP endpoint answers; defaults to `/mcp`. */
  path?: string
  /** Largest request body accepted, in bytes; larger ones get 413. Default 1 MiB. */
  maxBodyBytes?: number
  /** The server's name in the MCP handshake; defaults to `robota`. */
  serverName?: string
}

type TMcpSdk = {
  McpServer: typeof import('@modelcontextprotocol/sdk/server/mcp.js').McpServer
  StreamableHTTPServerTransport: typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js').StreamableHTTPServerTransport
  isInitializeRequest: typeof import('@modelcontextprotocol/sdk/types.js').isInitializeRequest
}

type TClientSession = { server: McpServer; transport: StreamableHTTPServerTransport }

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024

/**
 * Serves a session as an MCP server over Streamable HTTP, with the official SDK's `McpServer`:
 * `submit` and `abort` as tools, one tool per command and skill, and every session event as a
 * logging notification (`logger: "robota.session"`, the event as `data`) to each connected client.
 * Each client that initializes gets its own MCP session over the one agent session. The SDK is
 * imported when the transport starts.
 */
export class McpTransport implements ITransportAdapter {
  readonly name = 'mcp'
  private session: InteractiveSession | undefined
  private server: Server | undefined
  private bound: TTransportAddress | undefined
  private readonly clients = new Map<string, TClientSession>()
  private unsubscribe: (() => void) | undefined

  constructor(private readonly options: TMcpTransportOptions) {
    checkTransportListenOptions('createMcpTransport', options)
    if (options.path !== undefined && !/^\/\S*$/.test(options.path)) throw new ValidationError(`createMcpTransport(): path must start with "/", got ${JSON.stringify(options.path)}.`)
    const maxBodyBytes = options.maxBodyBytes
    if (maxBodyBytes !== undefined && (!Number.isInteger(maxBodyBytes) || maxBodyBytes <= 0)) {
      throw new ValidationError(`createMcpTransport(): maxBodyBytes must be a positive integer, got ${String(maxBodyBytes)}.`)
    }
  }

  /** Where the server listens, once started; the MCP endpoint is `address.url` + `path`. */
  get address(): TTransportAddress {
    if (!this.bound) throw new ValidationError('McpTransport.address: the transport has not started.')
    return this.bound
  }

  /** The MCP endpoint's URL, once started. */
  get url(): string {
    return `${this.address.url}${this.options.path ?? '/mcp'}`
  }

  attach(session: InteractiveSession): void {
    this.session = session
  }

  /** Loads the MCP SDK, waits for the session to be ready (its skills become tools), and listens. */
  async start(): Promise<void> {
    const session = this.session
    if (!session) throw new ValidationError('McpTransport.start(): attach a session first (session.attachTransport(transport)).')
    if (this.server) throw new ValidationError('McpTransport.start(): already started.')
    const [{ McpServer }, { StreamableHTTPServerTransport }, { isInitializeRequest }, { createServer }] = await Promise.all([
      import('@modelcontextprotocol/sdk/server/mcp.js'),
      import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
      import('@modelcontextprotocol/sdk/types.js'),
      import('node:http')
    ])
    const sdk: TMcpSdk = { McpServer, StreamableHTTPServerTransport, isInitializeRequest }
    // A session that failed to start still answers: its commands and the error of each submit say why.
    await session.ready().catch(() => undefined)
    this.unsubscribe = subscribeToSessionEvents(session, (event) => {
      for (const { server } of this.clients.values()) void server.sendLoggingMessage({ level: event.type === 'error' ? 'error' : 'info', logger: 'robota.session', data: event }).catch(() => undefined)
    })
    const server = createServer((request, response) => void this.serve(sdk, session, request, response).catch((error: unknown) => this.fail(response, error)))
    this.server = server
    this.bound = await new Promise<TTransportAddress>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => {
        server.off('error', reject)
        const address = server.address()
        if (address === null || typeof address === 'string') return reject(new ValidationError('The MCP server did not bind to a TCP address.'))
        const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
        resolve({ host: address.address, port: address.port, url: `http://${host}:${address.port}` })
      })
    })
  }

  /** Closes every MCP session and the server. The agent session stays open. */
  async stop(): Promise<void> {
    this.unsubscribe?.()
    this.unsubscribe = undefined
    const clients = [...this.clients.values()]
    this.clients.clear()
    await Promise.all(clients.map(({ server }) => server.close().catch(() => undefined)))
    const server = this.server
    this.server = undefined
    if (!server) return
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  private async serve(sdk: TMcpSdk, session: InteractiveSession, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const auth = await checkBearerToken(typeof request.headers.authorization === 'string' ? request.headers.authorization : null, this.options.token)
    if (!auth.ok) return reply(response, 401, 'unauthorized', auth.message, { 'www-authenticate': 'Bearer' })
    const path = this.options.path ?? '/mcp'
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== path) return reply(response, 404, 'not_found', `The MCP endpoint is ${path}.`)
    const sessionHeader = request.headers['mcp-session-id']
    const existing = typeof sessionHeader === 'string' ? this.clients.get(sessionHeader) : undefined
    if (typeof sessionHeader === 'string' && !existing) return reply(response, 404, 'not_found', `No MCP session "${sessionHeader}": it ended or never existed; initialize a new one.`)
    if (request.method !== 'POST') {
      if (!existing) return reply(response, 400, 'invalid_request', `${request.method ?? 'GET'} ${path} needs the mcp-session-id header of an initialized session.`)
      return existing.transport.handleRequest(request, response)
    }
    const maxBytes = this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
    const text = await readNodeBody(request, maxBytes)
    if (text === undefined) return reply(response, 413, 'body_too_large', `The request body is larger than ${maxBytes} bytes.`)
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch (error) {
      return reply(response, 400, 'invalid_json', `The request body is not valid JSON: ${(error as Error).message}`)
    }
    if (existing) return existing.transport.handleRequest(request, response, body)
    if (!sdk.isInitializeRequest(body)) return reply(response, 400, 'invalid_request', 'No mcp-session-id header: the first request must be "initialize".')
    const client = this.createClient(sdk, session)
    await client.server.connect(client.transport)
    await client.transport.handleRequest(request, response, body)
  }

  private createClient(sdk: TMcpSdk, session: InteractiveSession): TClientSession {
    const server = new sdk.McpServer({ name: this.options.serverName ?? 'robota', version: '0.1.0' }, { capabilities: { logging: {} } })
    registerSessionTools(server, session)
    const transport: StreamableHTTPServerTransport = new sdk.StreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (id) => void this.clients.set(id, { server, transport }),
      onsessionclosed: (id) => void this.clients.delete(id)
    })
    return { server, transport }
  }

  private fail(response: ServerResponse, error: unknown): void {
    if (response.headersSent) return void response.destroy()
    reply(response, 500, 'internal_error', `The MCP transport failed to answer: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** An MCP transport over a session: `session.attachTransport(transport); await transport.start()`. */
export function createMcpTransport(options: TMcpTransportOptions): McpTransport {
  return new McpTransport(options)
}

function reply(response: ServerResponse, status: number, code: TTransportErrorCode, message: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify({ error: { code, message } }))
}
