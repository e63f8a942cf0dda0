/** A remote MCP server: `http` is Streamable HTTP (falling back to SSE), `sse` the older SSE transport alone. */
export type TMcpHttpServerConfig = {
  type: 'http' | 'sse'
  url: string
  /** Sent with every request, such as `authorization`; their values are kept out of replay logs. */
  headers?: Record<string, string>
  /** Deadline of one request (connect, list, call) in milliseconds; default {@link MCP_DEFAULT_TIMEOUT_MS}. */
  timeoutMs?: number
}

/** A local MCP server started as a child process, talking over stdin and stdout. Node only. */
export type TMcpStdioServerConfig = {
  type: 'stdio'
  command: string
  args?: string[]
  /** Added to a minimal environment (PATH, HOME…); their values are kept out of replay logs. */
  env?: Record<string, string>
  /** Deadline of one request in milliseconds; default {@link MCP_DEFAULT_TIMEOUT_MS}. */
  timeoutMs?: number
}

/** One entry of `mcpServers`. */
export type TMcpServerConfig = TMcpHttpServerConfig | TMcpStdioServerConfig

/** `mcpServers` as settings and options write it: server name to its configuration. */
export type TMcpServers = Readonly<Record<string, TMcpServerConfig>>

/** How long one MCP request may take when the server's entry names no `timeoutMs`. */
export const MCP_DEFAULT_TIMEOUT_MS = 60_000

/** The values an entry carries that must never reach a log: header and environment values. */
export function mcpServerSecrets(config: TMcpServerConfig): string[] {
  const values = config.type === 'stdio' ? Object.values(config.env ?? {}) : Object.values(config.headers ?? {})
  // `Bearer abc…` is redacted as a whole by its shape; the bare token is listed too.
  return values.flatMap((value) => [value, value.replace(/^(Bearer|Basic|Token)\s+/i, '')])
}
