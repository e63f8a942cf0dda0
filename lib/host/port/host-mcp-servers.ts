import type { TMcpServers } from '../../tools/mcp/mcp-server-config.ts'
import type { TMcpServerStatus } from '../../tools/mcp/mcp-tool-set.ts'

export type { TMcpServers } from '../../tools/mcp/mcp-server-config.ts'
export type { TMcpServerStatus } from '../../tools/mcp/mcp-tool-set.ts'

/** The MCP servers of a session: those the page adds beside the settings', and how each is doing. */
export interface IHostMcpServers {
  /**
   * Gives a session the page's own MCP servers (kept in memory only, headers included), replacing
   * the ones given before; an entry of the same name replaces the settings' and the host options'
   * one. An open session is assembled again, so it connects to them before its next turn.
   */
  setMcpServers(sessionId: string, servers: TMcpServers): Promise<void>
  /** Every MCP server the session is assembled with: connected with its tools' names, or failed with why. */
  listMcpServers(sessionId: string): Promise<TMcpServerStatus[]>
}
