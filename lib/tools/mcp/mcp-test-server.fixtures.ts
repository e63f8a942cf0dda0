import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import * as z from 'zod'

/** One PNG pixel, base64: what the `picture` tool returns beside its caption. */
export const PIXEL_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

/** A real MCP server over Streamable HTTP on 127.0.0.1, answering CORS for browser tests. */
export type TMcpTestServer = {
  url: string
  /** Tool calls received, by tool name. */
  calls: string[]
  /** Headers of the last request, as the server saw them. */
  lastHeaders: () => IncomingMessage['headers']
  close: () => Promise<void>
}

/**
 * The tools a test server offers: `echo` (text of its arguments), `picture` (text and a PNG),
 * `whoami` (the authorization header it received, to prove redaction), `count` (structured
 * output checked against its output schema by the client), `slow` (answers after
 * 2 s), and `add_tool`, which registers `extra` and so sends `notifications/tools/list_changed`.
 */
export function createTestMcpServer(calls: string[], lastHeaders: () => IncomingMessage['headers']): McpServer {
  const server = new McpServer({ name: 'robota-test', version: '1.0.0' })
  server.registerTool('echo', { description: 'Echoes its text', inputSchema: { text: z.string(), times: z.number().int().optional() } }, ({ text, times }) => {
    calls.push('echo')
    return { content: [{ type: 'text', text: `echo: ${text.repeat(times ?? 1)}` }] }
  })
  server.registerTool('picture', { description: 'Draws a pixel' }, () => {
    calls.push('picture')
    return {
      content: [
        { type: 'text', text: 'a pixel' },
        { type: 'image', data: PIXEL_PNG_BASE64, mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'memo://note', mimeType: 'text/plain', text: 'embedded note' } }
      ]
    }
  })
  server.registerTool('whoami', { description: 'Says which credentials arrived' }, () => {
    calls.push('whoami')
    return { content: [{ type: 'text', text: `authorization=${String(lastHeaders().authorization)} team=${String(lastHeaders()['x-team-key'])}` }] }
  })
  server.registerTool('count', { description: 'Counts, with structured output', outputSchema: { count: z.number() } }, () => {
    calls.push('count')
    return { content: [{ type: 'text', text: 'count is 3' }], structuredContent: { count: 3 } }
  })
  server.registerTool('slow', { description: 'Answers after two seconds' }, async () => {
    calls.push('slow')
    await new Promise((resolve) => setTimeout(resolve, 2000))
    return { content: [{ type: 'text', text: 'late' }] }
  })
  server.registerTool('add_tool', { description: 'Adds the tool "extra"' }, () => {
    calls.push('add_tool')
    server.registerTool('extra', { description: 'Added later' }, () => {
      calls.push('extra')
      return { content: [{ type: 'text', text: 'extra ran' }] }
    })
    return { content: [{ type: 'text', text: 'added' }] }
  })
  return server
}

/** Characters of the `huge` tool's answer: well past what a tool result hands the model. */
export const OVERSIZED_RESULT_CHARACTERS = 250_000

/** `huge`: answers {@link OVERSIZED_RESULT_CHARACTERS} characters of text. */
function addOversizedTool(server: McpServer, calls: string[]): void {
  server.registerTool('huge', { description: 'Answers far too much text' }, () => {
    calls.push('huge')
    return { content: [{ type: 'text', text: 'z'.repeat(OVERSIZED_RESULT_CHARACTERS) }] }
  })
}

/** A server whose tool list does not parse as MCP: an input schema that is not an object schema. */
function createBadSchemaServer(): Server {
  const server = new Server({ name: 'robota-bad', version: '1.0.0' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'broken', inputSchema: { type: 'string' } }] }) as never)
  server.setRequestHandler(CallToolRequestSchema, () => ({ content: [] }))
  return server
}

/** Starts a Streamable HTTP MCP server (one server per MCP session) on a free 127.0.0.1 port at `/mcp`. */
export async function startMcpTestServer(options: { badSchema?: boolean; oversized?: boolean } = {}): Promise<TMcpTestServer> {
  const calls: string[] = []
  let headers: IncomingMessage['headers'] = {}
  const transports = new Map<string, StreamableHTTPServerTransport>()
  const http: HttpServer = createServer((request, response) => {
    allowCors(request, response)
    if (request.method === 'OPTIONS') return void response.writeHead(204).end()
    if (!request.url?.startsWith('/mcp')) return void response.writeHead(404).end()
    headers = request.headers
    void route(request, response)
  })
  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const sessionId = request.headers['mcp-session-id']
    let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined
    if (!transport) {
      const created = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => void transports.set(id, created) })
      const server = options.badSchema ? createBadSchemaServer() : createTestMcpServer(calls, () => headers)
      if (options.oversized && server instanceof McpServer) addOversizedTool(server, calls)
      await server.connect(created)
      transport = created
    }
    await transport.handleRequest(request, response)
  }
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    lastHeaders: () => headers,
    close: async () => {
      await Promise.all([...transports.values()].map((transport) => transport.close().catch(() => undefined)))
      http.closeAllConnections()
      await new Promise((resolve) => http.close(resolve))
    }
  }
}

function allowCors(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('access-control-allow-origin', '*')
  response.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS')
  response.setHeader('access-control-allow-headers', request.headers['access-control-request-headers'] ?? '*')
  response.setHeader('access-control-expose-headers', 'mcp-session-id, mcp-protocol-version')
}
