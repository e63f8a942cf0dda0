import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { startMcpTestServer, type TMcpTestServer } from '../tools/mcp/mcp-test-server.fixtures.ts'
import { McpToolSet } from '../tools/mcp/mcp-tool-set.ts'
import { LocalAgentHost } from './local-agent-host.ts'
import type { THostEvent } from './port/host-events.ts'

const SECRET = 'Bearer host-mcp-secret-7788990011'

let server: TMcpTestServer
beforeAll(async () => {
  server = await startMcpTestServer()
})
afterAll(async () => {
  await server.close()
})

describe('LocalAgentHost with MCP servers', () => {
  it('offers the host option’s servers in its sessions, keeps their headers out of the log, and closes them with the session', async () => {
    const close = vi.spyOn(McpToolSet.prototype, 'close')
    const host = new LocalAgentHost({
      store: new MemorySessionStore(),
      createSandbox: () => new InMemorySandboxClient({ cwd: '/workspace' }),
      createProvider: () => new ScriptedProvider([{ toolCalls: [{ name: 'mcp__srv__whoami', arguments: {} }] }, { text: 'Told.' }]),
      defaultProvider: { kind: 'scripted', model: 'scripted-model' },
      mcpServers: { srv: { type: 'http', url: server.url, headers: { authorization: SECRET } } },
      eventIntervalMs: 1,
      permissionMode: 'bypassPermissions'
    })
    const session = await host.createSession()
    const turn = await host.submit(session.id, 'who am I')
    expect(turn.toolsExecuted).toEqual(['mcp__srv__whoami'])
    const logged = JSON.stringify(await host.openSession(session.id))
    expect(logged).toContain('authorization=[REDACTED]')
    expect(logged).not.toContain('host-mcp-secret-7788990011')
    const before = close.mock.calls.length
    await host.closeSession(session.id)
    expect(close.mock.calls.length).toBe(before + 1)
    close.mockRestore()
  })

  it('tells the page which servers a session was assembled without', async () => {
    const host = new LocalAgentHost({
      store: new MemorySessionStore(),
      createSandbox: () => new InMemorySandboxClient({ cwd: '/workspace' }),
      createProvider: () => new ScriptedProvider([{ text: 'Fine.' }]),
      defaultProvider: { kind: 'scripted', model: 'scripted-model' },
      mcpServers: { srv: { type: 'http', url: server.url }, gone: { type: 'stdio', command: '/nonexistent/mcp-server' } },
      eventIntervalMs: 1
    })
    const events: THostEvent[] = []
    await host.subscribe((batch) => void events.push(...batch))
    const session = await host.createSession()
    expect((await host.submit(session.id, 'hi')).response).toBe('Fine.')
    expect(events.filter((event) => event.kind === 'session_warnings')).toEqual([
      { kind: 'session_warnings', sessionId: session.id, warnings: [expect.stringMatching(/^MCP server "gone" failed while starting "\/nonexistent\/mcp-server"/)] }
    ])
    await host.closeSession(session.id)
  })

  it('connects a session to the page’s servers, which replace the host option’s of the same name, and lists them with their tools', async () => {
    const host = new LocalAgentHost({
      store: new MemorySessionStore(),
      createSandbox: () => new InMemorySandboxClient({ cwd: '/workspace' }),
      createProvider: () => new ScriptedProvider([{ toolCalls: [{ name: 'mcp__srv__whoami', arguments: {} }] }, { text: 'Told.' }]),
      defaultProvider: { kind: 'scripted', model: 'scripted-model' },
      mcpServers: { srv: { type: 'http', url: 'http://127.0.0.1:9/mcp' } },
      eventIntervalMs: 1,
      permissionMode: 'bypassPermissions'
    })
    const session = await host.createSession()
    await host.openSession(session.id)
    expect(await host.listMcpServers(session.id)).toEqual([{ name: 'srv', status: 'failed', error: expect.stringContaining('MCP server "srv"'), tools: [] }])

    await host.setMcpServers(session.id, { srv: { type: 'http', url: server.url, headers: { authorization: SECRET } } })
    const [listed] = await host.listMcpServers(session.id)
    expect(listed).toMatchObject({ name: 'srv', status: 'connected' })
    expect(listed?.tools).toEqual(expect.arrayContaining(['mcp__srv__echo', 'mcp__srv__whoami']))
    expect((await host.submit(session.id, 'who am I')).toolsExecuted).toEqual(['mcp__srv__whoami'])
    expect(server.lastHeaders()['authorization']).toBe(SECRET)

    // A fork keeps the page's servers, as it keeps the provider choice.
    const fork = await host.forkSession(session.id)
    expect((await host.listMcpServers(fork.id)).map((entry) => entry.status)).toEqual(['connected'])
    await host.closeSession(fork.id)
    await host.closeSession(session.id)
  })
})
