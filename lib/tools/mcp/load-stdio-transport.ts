import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

const STDIO_MODULE = '@modelcontextprotocol/sdk/client/stdio.js'

/**
 * The MCP SDK's stdio transport, loaded when a stdio server is first connected (in Node only).
 * Browser builds of this project get `load-stdio-transport.browser.ts` in its place.
 */
export async function loadStdioTransport(): Promise<typeof StdioClientTransport> {
  // A specifier bundlers do not follow: the stdio transport spawns processes (node:child_process),
  // which no browser bundle may contain.
  const specifier = STDIO_MODULE
  const loaded = (await import(/* @vite-ignore */ /* webpackIgnore: true */ specifier)) as typeof import('@modelcontextprotocol/sdk/client/stdio.js')
  return loaded.StdioClientTransport
}
