import { PGlite } from '@electric-sql/pglite'
import { WebSocket } from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AGENT_HOST_CONTRACT } from '../../../lib/host/agent-host.contract.ts'
import { verifyReplayLog } from '../../../lib/storage/replay-log/hash-chain.ts'
import { createPlaygroundHost } from '../../../playground/worker/playground-agent.ts'
import { createRemoteAgentClient } from '../../../worker/remote/create-remote-agent-client.ts'
import type { TWebSocketConstructor } from '../../../worker/remote/remote-host-socket.ts'
import { serveAgentHost } from '../../remote-host/serve-agent-host.ts'
import { createPGliteSqlClient, type TPGliteDatabase } from './pglite-sql-client.ts'
import { dropStoreTables } from './postgres-session-store.fixtures.ts'
import { PostgresSessionStore } from './postgres-session-store.ts'

// The remote host as docs/session-store.md serves it: the playground's host over a Postgres store
// (PGlite here), driven by the page's client over a real WebSocket on 127.0.0.1.
const TOKEN = 'postgres-host-token-0123456789'
let database: PGlite
const closers: Array<() => Promise<void> | void> = []

// Starting the WASM database takes seconds on a loaded machine.
beforeAll(async () => {
  database = await PGlite.create()
}, 60_000)
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})
afterAll(async () => {
  await database.close()
})

async function freshStore(): Promise<PostgresSessionStore> {
  const client = createPGliteSqlClient({ database: database as unknown as TPGliteDatabase })
  await dropStoreTables(client)
  return new PostgresSessionStore({ client })
}

async function serveOver(store: PostgresSessionStore) {
  const served = await serveAgentHost(createPlaygroundHost({ store, demoDeltaDelayMs: 0, eventIntervalMs: 1 }), { port: 0, token: TOKEN, allowPluginChanges: true })
  closers.push(() => served.close())
  const client = createRemoteAgentClient(served.url, { token: TOKEN, WebSocket: WebSocket as unknown as TWebSocketConstructor })
  closers.push(() => client.terminate())
  return client
}

describe('the agent host contract: remote client over WebSocket, sessions in PostgreSQL (PGlite)', () => {
  it.each(AGENT_HOST_CONTRACT.map((contractCase) => [contractCase.name, contractCase] as const))('%s', async (_caseName, contractCase) => {
    await contractCase.run(await serveOver(await freshStore()))
  })
})

describe('a remote host over the Postgres store, restarted', () => {
  it('finds the session a turn wrote, with a log that verifies, and goes on with it', async () => {
    const client = await serveOver(await freshStore())
    const session = await client.createSession({ name: 'Kept' })
    // The demo model runs Bash: no one is here to answer a permission prompt.
    await client.setPermissionMode(session.id, 'bypassPermissions')
    const first = await client.submit(session.id, 'What is in this workspace?')
    expect(first.interrupted).toBeFalsy()
    for (const close of closers.splice(0).reverse()) await close()

    // A new host on a new store over the same database, as after a server restart.
    const store = new PostgresSessionStore({ client: createPGliteSqlClient({ database: database as unknown as TPGliteDatabase }) })
    const stored = await store.loadSession(session.id)
    expect(stored?.name).toBe('Kept')
    expect(stored?.messages.map((message) => message.role)).toContain('assistant')
    const head = await store.loadReplayLogHead(session.id)
    expect(head?.recordCount).toBeGreaterThan(0)
    expect(verifyReplayLog(await store.loadReplayLog(session.id), head)).toMatchObject({ ok: true, recordCount: head?.recordCount })

    const host = createPlaygroundHost({ store, demoDeltaDelayMs: 0, eventIntervalMs: 1 })
    expect((await host.openSession(session.id)).messages).toHaveLength(stored?.messages.length ?? -1)
    await host.setPermissionMode(session.id, 'bypassPermissions')
    await host.submit(session.id, 'And again?')
    const after = await store.loadSession(session.id)
    expect(after?.messages.length).toBeGreaterThan(stored?.messages.length ?? 0)
    const nextHead = await store.loadReplayLogHead(session.id)
    expect(nextHead?.recordCount).toBeGreaterThan(head?.recordCount ?? 0)
    expect(verifyReplayLog(await store.loadReplayLog(session.id), nextHead)).toMatchObject({ ok: true })
  })
})
