import { afterEach, describe, expect, it } from 'vitest'
import { CrashingSessionStore, CrashSwitch } from '../../lib/host/crash-consistency.fixtures.ts'
import type { ISessionStore } from '../../lib/storage/session-store.ts'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { createPlaygroundHost } from '../../playground/worker/playground-agent.ts'
import { connectClient } from './remote-host.fixtures.ts'
import type { TServeAgentHostOptions } from './serve-agent-host-options.ts'
import { serveAgentHost } from './serve-agent-host.ts'
import type { ISessionOwners } from './session-owners.ts'

// A server restarted over the same store: what it stored before must stay its users'.
const TOKEN = 'restart-token-0123456789abcdef'
const USERS: Record<string, string> = { 'alice-token-0123456789': 'alice', 'bob-token-0123456789ab': 'bob' }
const authorize = (token: string | undefined) => (token ? USERS[token] : undefined)

const closers: Array<() => unknown> = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function serve(store: ISessionStore, options: Omit<TServeAgentHostOptions, 'port'>, demoDeltaDelayMs = 0) {
  const served = await serveAgentHost(createPlaygroundHost({ store, demoDeltaDelayMs, eventIntervalMs: 1 }), { ...options, port: 0 })
  closers.push(() => served.close())
  return served
}

function client(url: string, token: string) {
  const made = connectClient(url, { token, reconnect: false })
  closers.push(() => made.terminate())
  return made
}

// An app's ownership table, kept beside its store: here a Map both servers share.
function ownersTable(): ISessionOwners {
  const rows = new Map<string, string>()
  return {
    assign: async (sessionId, principal) => void rows.set(sessionId, principal),
    owns: async (principal, sessionId) => rows.get(sessionId) === principal,
    release: async (sessionId) => void rows.delete(sessionId)
  }
}

describe('a remote host restarted over the same store', () => {
  it('with one shared token, gives the token holder every session stored before the restart', async () => {
    const store = new MemorySessionStore()
    const before = await serve(store, { token: TOKEN })
    const created = await client(before.url, TOKEN).createSession({ name: 'Before the restart' })
    await before.close()

    const after = await serve(store, { token: TOKEN })
    const page = client(after.url, TOKEN)
    expect((await page.listSessions()).sessions.map((session) => session.name)).toEqual(['Before the restart'])
    expect((await page.openSession(created.id)).summary.name).toBe('Before the restart')
  })

  it('with authorize, keeps each user their own sessions through the owners an app keeps beside its store', async () => {
    const store = new MemorySessionStore()
    const owners = ownersTable()
    const before = await serve(store, { authorize, owners })
    const created = await client(before.url, 'alice-token-0123456789').createSession({ name: 'Alice only' })
    await before.close()

    const after = await serve(store, { authorize, owners })
    const alice = client(after.url, 'alice-token-0123456789')
    const bob = client(after.url, 'bob-token-0123456789ab')
    expect((await alice.listSessions()).sessions.map((session) => session.id)).toEqual([created.id])
    expect((await bob.listSessions()).sessions).toEqual([])
    await expect(bob.openSession(created.id)).rejects.toThrow(`Session "${created.id}" was not found on this host.`)
  })

  it('with authorize and no owners given, keeps ownership in memory: sessions from before the restart are nobody’s', async () => {
    const store = new MemorySessionStore()
    const before = await serve(store, { authorize })
    const created = await client(before.url, 'alice-token-0123456789').createSession({ name: 'Alice only' })
    await before.close()

    const after = await serve(store, { authorize })
    const alice = client(after.url, 'alice-token-0123456789')
    expect((await alice.listSessions()).sessions).toEqual([])
    await expect(alice.openSession(created.id)).rejects.toThrow('was not found on this host.')
  })

  it('closes off the turn a stopped server was answering, and the session goes on', async () => {
    const disk = new MemorySessionStore()
    const life = new CrashSwitch()
    const before = await serve(new CrashingSessionStore(disk, life), { token: TOKEN }, 40)
    const created = await client(before.url, TOKEN).createSession({ name: 'Cut short' })
    void client(before.url, TOKEN)
      .submit(created.id, 'How does compaction work?')
      .catch(() => undefined)
    await expect.poll(async () => (await disk.loadSession(created.id))?.messages.length, { interval: 5 }).toBe(1)
    // The process ends mid-answer: nothing more of it is stored.
    life.kill()
    await before.close()

    const after = await serve(disk, { token: TOKEN })
    const page = client(after.url, TOKEN)
    const view = await page.openSession(created.id)
    expect(view.messages.map((message) => [message.role, message.state])).toEqual([
      ['user', 'complete'],
      ['assistant', 'interrupted']
    ])
    expect((await page.submit(created.id, 'How does compaction work?')).response).toContain('/compact')
    expect((await page.openSession(created.id)).messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(await page.verifyReplay(created.id)).toMatchObject({ ok: true })
  })
})
