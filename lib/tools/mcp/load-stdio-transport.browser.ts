import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

/**
 * `loadStdioTransport` in this project's browser builds (the playground and `robota/embed`).
 * Minified, the Node version's import becomes a literal specifier, which an app's bundler
 * rebuilding the embed's worker would follow into Node's modules; a browser never gets this far,
 * since stdio servers are refused there first.
 */
export async function loadStdioTransport(): Promise<typeof StdioClientTransport> {
  throw new Error('The MCP stdio transport runs in Node only.')
}
