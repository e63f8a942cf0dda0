import type { ITool } from '../../core/tool.ts'
import { McpConnection, type TMcpListedTool } from './mcp-connection.ts'
import { mcpServerSecrets, type TMcpServers } from './mcp-server-config.ts'
import { McpTool } from './mcp-tool.ts'
import { describeError } from '../../core/describe-error.ts'

/** A server that could not be used, or a tool of one that was left out, and why. */
export type TMcpProblem = { server: string; message: string }

/** One configured server as a session sees it: connected with its tools' names, or failed with why. */
export type TMcpServerStatus =
  | { name: string; status: 'connected'; tools: string[] }
  | { name: string; status: 'failed'; error: string; tools: [] }

/**
 * The tools of every configured MCP server, kept current: a server's tools are listed again when
 * it announces `notifications/tools/list_changed`, and listeners hear of it. A server that cannot
 * be reached, times out or lists tools that do not parse is left out and reported in
 * `getProblems()`, so one broken server never stops a session from starting.
 */
export class McpToolSet {
  private readonly toolsByServer = new Map<string, ITool[]>()
  private readonly connections: McpConnection[] = []
  private readonly problems: TMcpProblem[] = []
  private readonly listeners = new Set<() => void>()
  private closed = false

  private constructor(private readonly servers: TMcpServers) {}

  /** Connects to every server at once and lists their tools; never rejects. */
  static async connect(servers: TMcpServers): Promise<McpToolSet> {
    const set = new McpToolSet(servers)
    await Promise.all(Object.keys(servers).map((name) => set.connectServer(name)))
    return set
  }

  /** The tools of every server that answered, in the order the servers are configured. */
  getTools(): ITool[] {
    return Object.keys(this.servers).flatMap((name) => this.toolsByServer.get(name) ?? [])
  }

  /** Servers left out and tools skipped, each naming its server, in the order the servers are configured. */
  getProblems(): TMcpProblem[] {
    const order = Object.keys(this.servers)
    return [...this.problems].sort((first, second) => order.indexOf(first.server) - order.indexOf(second.server))
  }

  /** Every configured server, in the order configured: connected with its tools' names, or failed with its first problem. */
  getServerStatuses(): TMcpServerStatus[] {
    return Object.keys(this.servers).map((name): TMcpServerStatus => {
      const tools = this.toolsByServer.get(name)
      if (tools) return { name, status: 'connected', tools: tools.map((tool) => tool.schema.name) }
      const problem = this.problems.find((entry) => entry.server === name)
      return { name, status: 'failed', error: problem?.message ?? `MCP server "${name}" is not connected.`, tools: [] }
    })
  }

  /** Header and environment values of the configured servers, to keep out of logs. */
  getSecrets(): string[] {
    return Object.values(this.servers).flatMap(mcpServerSecrets)
  }

  /** Calls `listener` whenever a server's tool list changed; returns the unsubscribe. */
  onToolsChanged(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Closes every connection; stdio servers' processes end. */
  async close(): Promise<void> {
    this.closed = true
    this.listeners.clear()
    await Promise.all(this.connections.map((connection) => connection.close()))
  }

  private async connectServer(name: string): Promise<void> {
    const config = this.servers[name]
    if (config === undefined) return
    try {
      const connection = await McpConnection.connect(name, config, { onToolsChanged: () => void this.refresh(connection) })
      if (this.closed) return void (await connection.close())
      this.connections.push(connection)
      this.toolsByServer.set(name, this.toTools(connection, await connection.listTools()))
    } catch (error) {
      this.problems.push({ server: name, message: describeError(error) })
    }
  }

  private async refresh(connection: McpConnection): Promise<void> {
    if (this.closed) return
    try {
      this.toolsByServer.set(connection.server, this.toTools(connection, await connection.listTools()))
    } catch (error) {
      this.toolsByServer.set(connection.server, [])
      this.problems.push({ server: connection.server, message: describeError(error) })
    }
    for (const listener of this.listeners) listener()
  }

  private toTools(connection: McpConnection, listed: TMcpListedTool[]): ITool[] {
    const tools: ITool[] = []
    const names = new Set<string>()
    for (const entry of listed) {
      const tool = new McpTool(connection, entry)
      if (names.has(tool.schema.name)) {
        this.problems.push({ server: connection.server, message: `MCP server "${connection.server}" lists two tools named "${tool.schema.name}" once made provider-safe; the second, "${entry.name}", is left out.` })
        continue
      }
      names.add(tool.schema.name)
      tools.push(tool)
    }
    return tools
  }
}
