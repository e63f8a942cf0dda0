import { afterEach, describe, expect, it } from 'vitest'
import type { THostEvent } from '../../lib/host/agent-host.ts'
import { recordSuiteTotal } from '../../lib/testing/suite-totals.ts'
import type { TServedAgentHost } from './serve-agent-host-options.ts'
import { connectClient, servePlaygroundHost } from './remote-host.fixtures.ts'

// Two users on one remote host: neither reaches, lists or hears the other's sessions, and a page
// cannot point the server's providers (and their keys) somewhere else.
const SUITE = 'remote agent host: security'
const USERS: Record<string, string> = { 'alice-token-0123456789': 'alice', 'bob-token-0123456789ab': 'bob' }

let served: TServedAgentHost
const closers: Array<() => unknown> = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function twoUsers() {
  const serving = await servePlaygroundHost({ authorize: (token) => (token ? USERS[token] : undefined) })
  served = serving.served
  closers.push(() => served.close())
  const alice = connectClient(served.url, { token: 'alice-token-0123456789' })
  const bob = connectClient(served.url, { token: 'bob-token-0123456789ab' })
  closers.push(() => alice.terminate(), () => bob.terminate())
  return { alice, bob, host: serving.host, log: serving.log }
}

describe('the remote agent host keeps users apart', () => {
  it("refuses every call on another user's session as if it did not exist, and lists only one's own", async () => {
    const { alice, bob } = await twoUsers()
    const secret = await alice.createSession({ name: 'Alice only' })
    await alice.writeFile(secret.id, '/workspace/secret.txt', 'alice')
    const attempts: Array<[string, () => Promise<unknown>]> = [
      ['openSession', () => bob.openSession(secret.id)],
      ['readFile', () => bob.readFile(secret.id, '/workspace/secret.txt')],
      ['submit', () => bob.submit(secret.id, 'Hello')],
      ['exportReplay', () => bob.exportReplay(secret.id)],
      ['renameSession', () => bob.renameSession(secret.id, 'mine now')],
      ['forkSession', () => bob.forkSession(secret.id)],
      ['deleteSession', () => bob.deleteSession(secret.id)]
    ]
    for (const [method, attempt] of attempts) {
      await expect(attempt(), method).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: `Session "${secret.id}" was not found on this host.` })
      recordSuiteTotal(SUITE, 'securityChecks')
    }
    expect((await bob.listSessions()).sessions).toEqual([])
    expect((await alice.listSessions()).sessions.map((session) => session.name)).toEqual(['Alice only'])
    expect(await alice.readFile(secret.id, '/workspace/secret.txt')).toBe('alice')
    recordSuiteTotal(SUITE, 'securityChecks', 2)
  })

  it("sends no event of one user's turn to the other, even one subscribed the whole time", async () => {
    const { alice, bob } = await twoUsers()
    const heardByBob: THostEvent[] = []
    await bob.subscribe((events) => {
      heardByBob.push(...events)
    })
    const heardByAlice: THostEvent[] = []
    await alice.subscribe((events) => {
      heardByAlice.push(...events)
    })
    const session = await alice.createSession()
    await alice.setPermissionMode(session.id, 'bypassPermissions')
    const result = await alice.submit(session.id, 'What is in this workspace?')
    expect(result.toolsExecuted).toContain('Bash')
    expect(heardByAlice.some((event) => event.kind === 'turn_finished')).toBe(true)
    expect(heardByBob).toEqual([])
    recordSuiteTotal(SUITE, 'securityChecks')
  })

  it("gives a subagent run to the user whose turn started it: listed, opened and heard by them, by no one else", async () => {
    const { alice, bob } = await twoUsers()
    const heardByAlice: THostEvent[] = []
    await alice.subscribe((events) => void heardByAlice.push(...events))
    const session = await alice.createSession()
    await alice.setPermissionMode(session.id, 'bypassPermissions')
    expect((await alice.submit(session.id, 'Delegate the tour to a subagent')).response).toContain('The Explore subagent reported')

    const run = (await alice.listSessions()).sessions.find((summary) => summary.parentSessionId === session.id)
    if (!run) throw new Error("the subagent run is listed for the user whose turn started it")
    expect((await alice.openSession(run.id)).messages[0]?.content).toContain('Look around the workspace')
    expect(heardByAlice.some((event) => event.kind === 'replay' && event.event.sessionId === run.id && event.event.type === 'history_mutation')).toBe(true)
    expect((await bob.listSessions()).sessions).toEqual([])
    await expect(bob.openSession(run.id)).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: `Session "${run.id}" was not found on this host.` })
    recordSuiteTotal(SUITE, 'securityChecks', 2)
  })

  it("gives a subagent run to its parent session's user also when the turn ran with none of their connections following it", async () => {
    const { alice: aliceBefore, bob, host, log } = await twoUsers()
    const session = await aliceBefore.createSession()
    aliceBefore.terminate()
    await expect.poll(() => log.some((entry) => entry.event === 'disconnected' && entry.principal === 'alice'), { interval: 5, timeout: 5000 }).toBe(true)
    // A turn the server runs itself (a scheduled job, say) while none of her pages is connected.
    await host.setPermissionMode(session.id, 'bypassPermissions')
    expect((await host.submit(session.id, 'Delegate the tour to a subagent')).response).toContain('The Explore subagent reported')
    const alice = connectClient(served.url, { token: 'alice-token-0123456789' })
    closers.push(() => alice.terminate())

    const run = (await alice.listSessions()).sessions.find((summary) => summary.parentSessionId === session.id)
    if (!run) throw new Error("the subagent run is listed for the user whose session started it")
    expect((await alice.openSession(run.id)).messages[0]?.content).toContain('Look around the workspace')
    expect((await bob.listSessions()).sessions).toEqual([])
    await expect(bob.openSession(run.id)).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: `Session "${run.id}" was not found on this host.` })
    recordSuiteTotal(SUITE, 'securityChecks', 2)
  })

  it("refuses a provider choice that carries a key or a base URL: the server's providers stay pointed where the server says", async () => {
    const { alice } = await twoUsers()
    await expect(alice.createSession({ provider: { kind: 'anthropic', model: 'claude-haiku-4-5', baseURL: 'https://attacker.example/v1' } })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `createSession: a provider choice sent to a remote host cannot carry "baseURL"; the host's providers are configured on the server.`
    })
    const session = await alice.createSession()
    await expect(alice.setProvider(session.id, { kind: 'anthropic', model: 'claude-haiku-4-5', apiKey: 'sk-ant-page-key' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('cannot carry "apiKey"')
    })
    // Listing models would otherwise make the server call any address a page names.
    await expect(alice.listModels({ kind: 'openai', model: 'gpt-4o-mini', baseURL: 'https://attacker.example/v1' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `listModels: a provider choice sent to a remote host cannot carry "baseURL"; the host's providers are configured on the server.`
    })
    recordSuiteTotal(SUITE, 'securityChecks', 3)
  })
})
