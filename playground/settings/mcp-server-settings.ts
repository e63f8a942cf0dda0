import type { TMcpServers } from '../../lib/host/agent-host.ts'

/**
 * An MCP server added under Settings. `headers` is the text as typed, one `Name: value` a line;
 * like provider keys, it is kept in localStorage only when the user ticked "Remember keys".
 */
export type TPlaygroundMcpServer = { name: string; url: string; headers: string; enabled: boolean }

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
