import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import { startMcpTestServer, type TMcpTestServer } from '../tools/mcp/mcp-test-server.fixtures.ts'
import { InteractiveSession } from './interactive-session.ts'
import type { TInteractiveSessionOptions } from './interactive-session-types.ts'
import type { TSessionEvent } from './session-events.ts'

let server: TMcpTestServer
beforeAll(async () => {
  server = await startMcpTestServer()
})
afterAll(async () => {
  await server.close()
})

/** A session over a sandbox whose `.robota/settings.json` holds `settings`, recording every replay event. */
function open(steps: TScriptedStepSource[], settings: Record<string, unknown>, options: Partial<TInteractiveSessionOptions> = {}) {
  const sandbox = new InMemorySandboxClient({ files: { '.robota/settings.json': JSON.stringify(settings) }, cwd: '/workspace' })
  const events: TSessionEvent[] = []
  const session = new InteractiveSession({
    provider: new ScriptedProvider(steps),
    sandbox,
    store: new MemorySessionStore(),
    cwd: '/workspace',
    permissionMode: 'bypassPermissions',
    onReplayEvent: (event) => events.push(event),
    ...options
  })
  return { session, events }
}

const call = (name: string, args: Record<string, unknown> = {}): TScriptedStepSource => ({ toolCalls: [{ name, arguments: args }] })
const results = (events: TSessionEvent[]) => events.filter((event) => event.type === 'tool_execution_result').map((event) => event.data as { toolName: string; success: boolean; result?: unknown; error?: string })

describe('InteractiveSession with MCP servers', () => {
  it('offers the tools of a server named in the settings and runs them in a turn', async () => {
    const { session, events } = open([call('mcp__srv__echo', { text: 'hi' }), { text: 'Done.' }], { mcpServers: { srv: { type: 'http', url: server.url } } })
    try {
      await session.submit('echo hi')
      expect(results(events)).toEqual([expect.objectContaining({ toolName: 'mcp__srv__echo', success: true, result: 'echo: hi' })])
      expect(session.getWarnings()).toEqual([])
    } finally {
      await session.dispose()
    }
  })

  it('takes the next turn’s tools from the server’s list_changed notification', async () => {
    const { session, events } = open([call('mcp__srv__add_tool'), { text: 'Added.' }, call('mcp__srv__extra'), { text: 'Ran.' }], {}, {
      mcpServers: { srv: { type: 'http', url: server.url } }
    })
    try {
      await session.submit('add a tool')
      // The notification is debounced; the next turn must see the new tool.
      await new Promise((resolve) => setTimeout(resolve, 300))
      await session.submit('run it')
      expect(results(events).map(({ toolName, success }) => ({ toolName, success }))).toEqual([
        { toolName: 'mcp__srv__add_tool', success: true },
        { toolName: 'mcp__srv__extra', success: true }
      ])
    } finally {
      await session.dispose()
    }
  })

  it('denies mcp__srv__echo by a settings deny rule, before the server sees the call', async () => {
    const before = server.calls.filter((name) => name === 'echo').length
    const { session, events } = open([call('mcp__srv__echo', { text: 'no' }), { text: 'Refused.' }], {
      mcpServers: { srv: { type: 'http', url: server.url } },
      permissions: { deny: ['mcp__srv__echo'] }
    })
    try {
      await session.submit('echo no')
      const decision = events.find((event) => event.type === 'permission_decision')?.data
      expect(decision).toMatchObject({ toolName: 'mcp__srv__echo', decision: 'deny', source: 'deny_list', pattern: 'mcp__srv__echo' })
      expect(results(events)[0]).toMatchObject({ toolName: 'mcp__srv__echo', success: false })
      expect(server.calls.filter((name) => name === 'echo').length).toBe(before)
    } finally {
      await session.dispose()
    }
  })

  it('runs PreToolUse hooks whose matcher names MCP tools, which may block them', async () => {
    const { session, events } = open([call('mcp__srv__echo', { text: 'x' }), { text: 'Blocked.' }], {
      mcpServers: { srv: { type: 'http', url: server.url } },
      hooks: { PreToolUse: [{ matcher: 'mcp__srv__.*', hooks: [{ type: 'command', command: 'echo "no MCP today" >&2; exit 2' }] }] }
    })
    try {
      await session.submit('echo x')
      expect(results(events)[0]).toMatchObject({ toolName: 'mcp__srv__echo', success: false, error: expect.stringContaining('no MCP today') })
    } finally {
      await session.dispose()
    }
  })

  it('keeps header values out of the replay events, even when the server echoes them', async () => {
    const headers = { authorization: 'Bearer mcp-secret-token-123456', 'x-team-key': 'team-key-abcdef123' }
    const { session, events } = open([call('mcp__srv__whoami'), { text: 'Told.' }], { mcpServers: { srv: { type: 'http', url: server.url, headers } } })
    try {
      await session.submit('who am I')
      expect(server.lastHeaders()['x-team-key']).toBe('team-key-abcdef123')
      const logged = JSON.stringify(events)
      expect(logged).toContain('authorization=[REDACTED] team=[REDACTED]')
      expect(logged).not.toContain('mcp-secret-token-123456')
      expect(logged).not.toContain('team-key-abcdef123')
    } finally {
      await session.dispose()
    }
  })

  it('starts without a server that is down, naming it in the warnings', async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const { port } = probe.address() as AddressInfo
    await new Promise((resolve) => probe.close(resolve))
    const { session } = open([{ text: 'Still here.' }], { mcpServers: { down: { type: 'http', url: `http://127.0.0.1:${port}/mcp` } } })
    try {
      expect((await session.submit('hello'))?.response).toBe('Still here.')
      expect(session.getWarnings()).toEqual([expect.stringMatching(/^MCP server "down" failed while connecting to /)])
    } finally {
      await session.dispose()
    }
  })
})
