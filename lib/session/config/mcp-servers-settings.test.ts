import { describe, expect, it } from 'vitest'
import { parseSettingsLayer } from './load-settings.ts'

const SOURCE = '/workspace/.robota/settings.json'

describe('mcpServers in settings', () => {
  it('reads the shapes Claude Code users write: http with headers, sse, and stdio with or without a type', () => {
    const settings = parseSettingsLayer(
      {
        mcpServers: {
          docs: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { authorization: 'Bearer x' }, timeoutMs: 5000 },
          legacy: { type: 'sse', url: 'http://127.0.0.1:3000/sse' },
          files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '.'], env: { DEBUG: '1' } },
          typed: { type: 'stdio', command: 'node', args: ['server.js'] }
        }
      },
      SOURCE
    )
    expect(settings.mcpServers).toEqual({
      docs: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { authorization: 'Bearer x' }, timeoutMs: 5000 },
      legacy: { type: 'sse', url: 'http://127.0.0.1:3000/sse' },
      files: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '.'], env: { DEBUG: '1' } },
      typed: { type: 'stdio', command: 'node', args: ['server.js'] }
    })
  })

  it.each([
    { name: 'an http server without a url', servers: { docs: { type: 'http' } }, problem: `${SOURCE}: mcpServers.docs.url: ` },
    { name: 'a url that is not http(s)', servers: { docs: { type: 'http', url: 'ftp://example.com' } }, problem: `${SOURCE}: mcpServers.docs.url: expected an http:// or https:// URL` },
    { name: 'neither a type nor a command', servers: { docs: { url: 'https://example.com' } }, problem: `${SOURCE}: mcpServers.docs.type: expected { "type": "http" | "sse", "url": … } or { "command": …, "args": […] } (stdio, Node only)` },
    { name: 'an unknown type', servers: { docs: { type: 'websocket', url: 'wss://x' } }, problem: `${SOURCE}: mcpServers.docs.type: expected ` },
    { name: 'an empty command', servers: { local: { command: '' } }, problem: `${SOURCE}: mcpServers.local.command: ` },
    { name: 'args given as a string', servers: { local: { command: 'node', args: 'server.js' } }, problem: `${SOURCE}: mcpServers.local.args: ` },
    { name: 'a header that is not text', servers: { docs: { type: 'http', url: 'https://x.dev', headers: { 'x-n': 1 } } }, problem: `${SOURCE}: mcpServers.docs.headers.x-n: ` },
    { name: 'a zero timeout', servers: { docs: { type: 'http', url: 'https://x.dev', timeoutMs: 0 } }, problem: `${SOURCE}: mcpServers.docs.timeoutMs: ` },
    { name: 'a server name with a space', servers: { 'my docs': { type: 'http', url: 'https://x.dev' } }, problem: `${SOURCE}: mcpServers.my docs: an MCP server name may hold only letters, digits, "_" and "-"` }
  ])('refuses $name, naming the path', ({ servers, problem }) => {
    expect(() => parseSettingsLayer({ mcpServers: servers }, SOURCE)).toThrow(problem)
  })
})
