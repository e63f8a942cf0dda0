/** The separator between `mcp`, the server name and the tool name, as Claude Code writes it. */
const SEPARATOR = '__'

// Provider APIs accept letters, digits, `_` and `-` in tool names, at most 64 characters.
const UNSAFE = /[^A-Za-z0-9_-]/g
const MAX_LENGTH = 64

/**
 * The name a model sees for tool `tool` of server `server`: `mcp__<server>__<tool>`, with
 * characters providers refuse replaced by `_` and the whole cut to 64 characters. Permission
 * patterns and hook matchers match this name (`mcp__github__*`).
 */
export function toMcpToolName(server: string, tool: string): string {
  return `mcp${SEPARATOR}${server.replace(UNSAFE, '_')}${SEPARATOR}${tool.replace(UNSAFE, '_')}`.slice(0, MAX_LENGTH)
}
