import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocket } from 'ws'
import { afterEach, describe, expect, it } from 'vitest'
import { AGENT_HOST_CONTRACT } from '../../lib/host/agent-host.contract.ts'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { createPlaygroundHost } from '../../playground/worker/playground-agent.ts'
import { createRemoteAgentClient } from '../../worker/remote/create-remote-agent-client.ts'
import type { TWebSocketConstructor } from '../../worker/remote/remote-host-socket.ts'
import { serveAgentHost } from './serve-agent-host.ts'

// The host contract through the page's remote client, over a real WebSocket to a real server on
// 127.0.0.1 serving the playground's host; Chromium runs the same cases in e2e/remote-agent-host.spec.ts.
const TOKEN = 'contract-token-0123456789'
const closers: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

describe('the agent host contract: remote client over WebSocket', () => {
  it.each(AGENT_HOST_CONTRACT.map((contractCase) => [contractCase.name, contractCase] as const))('%s', async (_caseName, contractCase) => {
    const served = await serveAgentHost(createPlaygroundHost({ store: new MemorySessionStore(), demoDeltaDelayMs: 0, eventIntervalMs: 1 }), { port: 0, token: TOKEN, allowPluginChanges: true })
    closers.push(() => served.close())
    const client = createRemoteAgentClient(served.url, { token: TOKEN, WebSocket: WebSocket as unknown as TWebSocketConstructor })
    closers.push(() => client.terminate())
    await contractCase.run(client)
  })
})

describe('the remote agent host on a shared HTTP server', () => {
  it('takes the upgrades to its path on the app’s own server, which goes on answering HTTP', async () => {
    const server = createServer((_request, response) => response.end('the app'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const served = await serveAgentHost(createPlaygroundHost({ store: new MemorySessionStore(), demoDeltaDelayMs: 0 }), { server, token: TOKEN })
    closers.push(() => served.close())
    expect(served.url).toBe('/agent-host')
    const origin = `127.0.0.1:${(server.address() as AddressInfo).port}`
    const client = createRemoteAgentClient(`ws://${origin}${served.url}`, { token: TOKEN, WebSocket: WebSocket as unknown as TWebSocketConstructor })
    closers.push(() => client.terminate())
    const created = await client.createSession({ name: 'Shared' })
    expect((await client.listSessions()).sessions.map((session) => session.id)).toEqual([created.id])
    expect(await (await fetch(`http://${origin}/`)).text()).toBe('the app')
  })
})
