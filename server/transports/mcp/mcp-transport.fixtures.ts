import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { IAIProvider } from '../../../lib/core/provider.ts'
import { InteractiveSession } from '../../../lib/session/interactive-session.ts'
import type { TInteractiveSessionOptions } from '../../../lib/session/interactive-session-types.ts'
import { createMcpTransport, type TMcpTransportOptions } from './mcp-transport.ts'

export const TOKEN = 'mcp-transport-token-0123456789'

/** A session served by a started MCP transport on 127.0.0.1. */
export async function openMcp(provider: IAIProvider, options: Partial<TInteractiveSessionOptions> = {}, transportOptions: Partial<TMcpTransportOptions> = {}) {
  const transport = createMcpTransport({ token: TOKEN, ...transportOptions })
  const sandbox = new InMemorySandboxClient({ files: { 'notes.txt': 'hello' }, cwd: '/workspace' })
  const session = new InteractiveSession({ provider, sandbox, cwd: '/workspace', permissionMode: 'bypassPermissions', ...options })
  session.attachTransport(transport)
  await transport.start()
  const close = async () => {
    await transport.stop()
    await session.dispose()
  }
  return { transport, session, sandbox, close }
}

/** The official SDK's client, connected over Streamable HTTP with `token` as its bearer token. */
export async function connectClient(url: string, token = TOKEN): Promise<Client> {
  const client = new Client({ name: 'robota-test-client', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }))
  return client
}
