const MCP_TOOL_NAME = /^mcp__(.+?)__(.+)$/

/** How a tool card names a tool: an MCP tool `mcp__<server>__<tool>` as `<tool> · MCP <server>`, any other as it is. */
export function toToolDisplayName(name: string): string {
  const mcp = MCP_TOOL_NAME.exec(name)
  return mcp ? `${mcp[2]} · MCP ${mcp[1]}` : name
}
