import { inferMcpServerType } from '../tools/mcp/infer-mcp-server-type.ts'
import type { TMcpServerConfig, TMcpServers } from '../tools/mcp/mcp-server-config.ts'
import { McpToolSet } from '../tools/mcp/mcp-tool-set.ts'
import type { TSettings } from './config/settings-schema.ts'

/**
 * The MCP servers a session connects to: those of the settings layers, with the caller's
 * (`InteractiveSession` or host options, a page's) replacing an entry of the same name whole. A
 * caller's stdio entry may leave out `type`, as a settings file's may.
 */
export function chooseMcpServers(settings: TSettings, servers: TMcpServers | undefined): TMcpServers {
  const given = Object.entries(servers ?? {}).map(([name, config]) => [name, inferMcpServerType(config) as TMcpServerConfig] as const)
  return { ...(settings.mcpServers ?? {}), ...Object.fromEntries(given) }
}

/**
 * Connects to the session's MCP servers and lists their tools, or resolves `undefined` at once
 * when none is configured (the MCP SDK is then never loaded). Never rejects: a server that fails
 * is reported by the set's `getProblems()`.
 */
export async function connectSessionMcpServers(settings: TSettings, servers: TMcpServers | undefined): Promise<McpToolSet | undefined> {
  const chosen = chooseMcpServers(settings, servers)
  return Object.keys(chosen).length === 0 ? undefined : McpToolSet.connect(chosen)
}
