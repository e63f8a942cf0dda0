import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { ConfigurationError } from '../../core/errors.ts'
import { isBrowserEnvironment } from '../http/describe-fetch-failure.ts'
import { describeMcpFailure, isMcpTimeout, MCP_TIMEOUT_CODE } from './describe-mcp-failure.ts'
import { loadStdioTransport } from './load-stdio-transport.ts'
import { mcpJsonSchemaValidator } from './mcp-json-schema-validator.ts'
import { MCP_DEFAULT_TIMEOUT_MS, type TMcpHttpServerConfig, type TMcpServerConfig, type TMcpStdioServerConfig } from './mcp-server-config.ts'
import type { TMcpCallResult } from './mcp-tool-result.ts'

/** A tool as a server lists it. */
export type TMcpListedTool = Pick<Tool, 'name' | 'description' | 'inputSchema'>

/** What a connection reports besides answers. */
export type TMcpConnectionOptions = {
  /** The server said its tools changed (`notifications/tools/list_changed`). */
  onToolsChanged?: () => void
}

const CLIENT_INFO = { name: 'robota', version: '0.1.0' }
const STDERR_KEPT_CHARACTERS = 2000

/**
 * One connected MCP server, through the official SDK's `Client`: Streamable HTTP falling back to
 * SSE for `http`, SSE for `sse`, a child process for `stdio` (Node only). Every request has the
 * entry's deadline, and every failure is an error that names the server. The SDK is imported
 * here, on first connect, so a session with no MCP server never loads it.
 */
export class McpConnection {
  private constructor(
    readonly server: string,
    readonly config: TMcpServerConfig,
    private readonly client: Client,
    private readonly stderr: { text: string }
  ) {}

  /** The deadline of one request to this server, in milliseconds. */
  get timeoutMs(): number {
    return this.config.timeoutMs ?? MCP_DEFAULT_TIMEOUT_MS
  }

  /** Connects to `server` and completes the MCP handshake. */
  static async connect(server: string, config: TMcpServerConfig, options: TMcpConnectionOptions = {}): Promise<McpConnection> {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js')
    const timeout = config.timeoutMs ?? MCP_DEFAULT_TIMEOUT_MS
    const createClient = (): Client =>
      new Client(CLIENT_INFO, {
        jsonSchemaValidator: mcpJsonSchemaValidator,
        listChanged: { tools: { autoRefresh: false, debounceMs: 50, onChanged: () => options.onToolsChanged?.() } }
      })
    const stderr = { text: '' }
    if (config.type === 'stdio') {
      const client = createClient()
      const transport = await createStdioTransport(server, config, stderr)
      await connectOrDescribe(client, transport, server, `starting "${config.command}"`, timeout, undefined, stderr)
      return new McpConnection(server, config, client, stderr)
    }
    const url = parseUrl(server, config.url)
    if (config.type === 'sse') {
      const client = createClient()
      await connectOrDescribe(client, await createSseTransport(url, config), server, `connecting to ${config.url}`, timeout, config.url)
      return new McpConnection(server, config, client, stderr)
    }
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js')
    const streamable = createClient()
    try {
      await connectWithin(streamable, new StreamableHTTPClientTransport(url, { requestInit: { headers: { ...config.headers } } }), timeout)
      return new McpConnection(server, config, streamable, stderr)
    } catch (streamableError) {
      await streamable.close().catch(() => undefined)
      if (isMcpTimeout(streamableError)) throw new Error(describeMcpFailure(streamableError, { server, action: `connecting to ${config.url}`, timeoutMs: timeout, url: config.url }))
      // Servers of the 2024-11-05 protocol speak SSE only; they refuse the Streamable POST.
      const legacy = createClient()
      try {
        await connectWithin(legacy, await createSseTransport(url, config), timeout)
        return new McpConnection(server, config, legacy, stderr)
      } catch {
        await legacy.close().catch(() => undefined)
        throw new Error(describeMcpFailure(streamableError, { server, action: `connecting to ${config.url}`, timeoutMs: timeout, url: config.url }))
      }
    }
  }

  /** Every tool the server lists, following pagination. */
  async listTools(): Promise<TMcpListedTool[]> {
    const tools: TMcpListedTool[] = []
    let cursor: string | undefined
    try {
      do {
        const page = await this.client.listTools(cursor === undefined ? {} : { cursor }, { timeout: this.timeoutMs })
        tools.push(...page.tools)
        cursor = page.nextCursor
      } while (cursor !== undefined)
    } catch (error) {
      throw new Error(this.describe(error, 'listing its tools'))
    }
    return tools
  }

  /** Calls one tool; rejects with a message naming the server on a timeout or a protocol failure. */
  async callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<TMcpCallResult> {
    try {
      const result = await this.client.callTool({ name, arguments: args }, undefined, { timeout: this.timeoutMs, ...(signal ? { signal } : {}) })
      // Servers of the 2024-10-07 protocol answer `{ toolResult }` instead of content blocks.
      return 'toolResult' in result ? { structuredContent: result.toolResult } : (result as TMcpCallResult)
    } catch (error) {
      throw new Error(this.describe(error, `calling "${name}"`), { cause: error })
    }
  }

  /** Closes the connection (and stops a stdio server's process). */
  async close(): Promise<void> {
    await this.client.close().catch(() => undefined)
  }

  private describe(error: unknown, action: string): string {
    const url = this.config.type === 'stdio' ? undefined : this.config.url
    const message = describeMcpFailure(error, { server: this.server, action, timeoutMs: this.timeoutMs, ...(url ? { url } : {}) })
    return withStderr(message, this.stderr)
  }
}

async function connectOrDescribe(
  client: Client,
  transport: Transport,
  server: string,
  action: string,
  timeoutMs: number,
  url?: string,
  stderr?: { text: string }
): Promise<void> {
  try {
    await connectWithin(client, transport, timeoutMs)
  } catch (error) {
    await client.close().catch(() => undefined)
    throw new Error(withStderr(describeMcpFailure(error, { server, action, timeoutMs, ...(url ? { url } : {}) }), stderr))
  }
}

/**
 * Connects within the deadline. The SDK times the handshake's request, but not a transport's
 * start: an SSE server that accepts the stream and never names its endpoint would hang it.
 */
async function connectWithin(client: Client, transport: Transport, timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`Timed out after ${timeoutMs} ms`), { code: MCP_TIMEOUT_CODE })), timeoutMs)
  })
  try {
    await Promise.race([client.connect(transport, { timeout: timeoutMs }), deadline])
  } finally {
    clearTimeout(timer)
  }
}

async function createSseTransport(url: URL, config: TMcpHttpServerConfig): Promise<Transport> {
  const { SSEClientTransport } = await import('@modelcontextprotocol/sdk/client/sse.js')
  return new SSEClientTransport(url, { requestInit: { headers: { ...config.headers } } })
}

async function createStdioTransport(server: string, config: TMcpStdioServerConfig, stderr: { text: string }): Promise<Transport> {
  if (isBrowserEnvironment()) {
    throw new ConfigurationError(
      `MCP server "${server}" is a stdio server (command "${config.command}"): a browser cannot start processes. ` +
        'Run the agent in Node, or reach the server over HTTP ({ "type": "http", "url": … }).',
      { details: { server } }
    )
  }
  const StdioClientTransport = await loadStdioTransport()
  const transport = new StdioClientTransport({ command: config.command, args: config.args ?? [], env: { ...config.env }, stderr: 'pipe' })
  transport.stderr?.on('data', (chunk: { toString(): string }) => {
    stderr.text = (stderr.text + chunk.toString()).slice(-STDERR_KEPT_CHARACTERS)
  })
  return transport
}

function parseUrl(server: string, url: string): URL {
  try {
    return new URL(url)
  } catch {
    throw new ConfigurationError(`MCP server "${server}": "${url}" is not a URL.`, { details: { server } })
  }
}

function withStderr(message: string, stderr: { text: string } | undefined): string {
  const text = stderr?.text.trim() ?? ''
  return text === '' ? message : `${message}\nIts stderr ended with:\n${text}`
}
