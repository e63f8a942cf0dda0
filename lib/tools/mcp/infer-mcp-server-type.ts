/**
 * An MCP server entry with its `type` filled in where it was left out: Claude Code writes stdio
 * servers without one, and a `command` says which kind it is. Any other value is returned as is.
 */
export function inferMcpServerType(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const entry = value as Record<string, unknown>
  return entry.type === undefined && 'command' in entry ? { ...entry, type: 'stdio' } : value
}
