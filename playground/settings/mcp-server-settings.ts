import type { TMcpServers } from '../../lib/host/agent-host.ts'

/**
 * An MCP server added under Settings. `headers` is the text as typed, one `Name: value` a line;
 * like provider keys, it is kept in localStorage only when the user ticked "Remember keys".
 */
export type TPlaygroundMcpServer = { name: string; url: string; headers: string; enabled: boolean }

const SERVER_NAME = /^[A-Za-z0-9_-]+$/
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/** Saved servers as far as they parse; headers only when they were remembered. */
export function loadMcpServers(saved: unknown, rememberKeys: boolean): TPlaygroundMcpServer[] {
  if (!Array.isArray(saved)) return []
  return saved.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return []
    const { name, url, headers, enabled } = entry as Record<string, unknown>
    if (typeof name !== 'string' || typeof url !== 'string') return []
    return [{ name, url, headers: rememberKeys && typeof headers === 'string' ? headers : '', enabled: enabled !== false }]
  })
}

/** The servers with their headers left out, for storage when keys are not remembered. */
export function forgetMcpHeaders(servers: readonly TPlaygroundMcpServer[]): TPlaygroundMcpServer[] {
  return servers.map((server) => ({ ...server, headers: '' }))
}

/** `Name: value` lines as a header record; blank lines are skipped, a line without a colon is left out. */
export function parseHeaderLines(text: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim()
  }
  return headers
}

/** The enabled servers, in the shape the host takes (`mcpServers` of the settings files). */
export function toMcpServers(servers: readonly TPlaygroundMcpServer[]): TMcpServers {
  const chosen: Record<string, TMcpServers[string]> = {}
  for (const server of servers) {
    if (!server.enabled) continue
    const headers = parseHeaderLines(server.headers)
    chosen[server.name] = { type: 'http', url: server.url.trim(), ...(Object.keys(headers).length > 0 ? { headers } : {}) }
  }
  return chosen
}

/** What is wrong with a server to be added beside `others`, worded as the fix; `undefined` when nothing is. */
export function findMcpServerProblem(server: TPlaygroundMcpServer, others: readonly TPlaygroundMcpServer[]): string | undefined {
  if (!SERVER_NAME.test(server.name)) return 'Name the MCP server with letters, digits, _ and - only (it becomes part of its tools’ names).'
  if (others.some((other) => other.name === server.name)) return `There is already an MCP server named "${server.name}".`
  if (!/^https?:\/\/[^\s/]+/.test(server.url.trim())) return 'The MCP server’s URL must start with http:// or https://.'
  for (const line of server.headers.split('\n')) {
    if (line.trim() === '') continue
    const colon = line.indexOf(':')
    const name = colon > 0 ? line.slice(0, colon).trim() : ''
    if (!HEADER_NAME.test(name)) return `Write each header as "Name: value" on its own line; "${line.trim().slice(0, 40)}" is not one.`
  }
  return undefined
}
