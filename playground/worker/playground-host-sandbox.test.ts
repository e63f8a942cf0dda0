import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as Comlink from 'comlink'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigurationError, ValidationError } from '../../lib/core/errors.ts'
import type { THostEvent, TSandboxChoice } from '../../lib/host/agent-host.ts'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { recordSuiteTotal } from '../../lib/testing/suite-totals.ts'
import { createFakeCloud } from '../../sandbox/e2b/e2b-fake-cloud.fixtures.ts'
import { createPlaygroundHost } from './playground-host.ts'
import { registerErrorTransfer } from '../../worker/error-transfer.ts'
import { SessionMemory } from '../../worker/session-memory.ts'
import { wrapAgentHost, type IAgentHostConnection } from '../../worker/wrap-agent-host.ts'

// The playground host switching a session between the in-memory sandbox and E2B: the fake E2B
// cloud stands in for the service (the real SDK's error classes), and a local HTTP server that
// answers 401 stands in for E2B refusing a key, reached by the real `e2b` SDK.
const KEY = 'e2b_test_key_never_stored'
const connections: IAgentHostConnection[] = []
const servers: Server[] = []

afterEach(() => {
  for (const connection of connections.splice(0)) connection.terminate()
  for (const server of servers.splice(0)) server.close()
})

function makeHost(cloud = createFakeCloud()) {
  const store = new MemorySessionStore()
  const host = createPlaygroundHost({ store, demoDeltaDelayMs: 0, eventIntervalMs: 1, permissionMode: 'bypassPermissions', e2bSandboxClass: cloud })
  const events: THostEvent[] = []
  void host.subscribe((batch) => {
    events.push(...batch)
  })
  return { host, store, cloud, events }
}

/** The same host reached through comlink over a real MessageChannel, as the page reaches the worker. */
function overComlink(host: ReturnType<typeof makeHost>['host']): IAgentHostConnection {
  registerErrorTransfer()
  const channel = new MessageChannel()
  Comlink.expose(host, channel.port1)
  const connection = wrapAgentHost(channel.port2, () => channel.port1.close())
  connections.push(connection)
  return connection
}

async function startRefusingE2BApi(): Promise<string> {
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(401, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ code: 401, message: 'Invalid API key' }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('switching a playground session between sandboxes', () => {
  it('moves the workspace into an E2B sandbox, runs the next turn there, and keeps the key out of storage', async () => {
    const { host, store, cloud, events } = makeHost()
    const page = overComlink(host)
    const session = await page.createSession()
    await page.writeFile(session.id, '/workspace/notes/todo.txt', 'ship it\n')

    const result = await page.setSandbox(session.id, { kind: 'e2b', apiKey: KEY, template: 'base' })
    expect(result.kind).toBe('e2b')
    expect(result.filesNotCopied).toBeUndefined()
    expect(result.filesCopied).toBeGreaterThanOrEqual(5)
    expect(cloud.requests).toEqual([expect.objectContaining({ method: 'create', target: 'base', options: expect.objectContaining({ apiKey: KEY }) })])
    const remote = cloud.sandboxes[0]
    expect(await remote?.files.read('/workspace/notes/todo.txt')).toBe('ship it\n')
    expect(await page.readFile(session.id, '/workspace/notes/todo.txt')).toBe('ship it\n')

    const turn = await page.submit(session.id, 'What is here?')
    expect(turn.toolsExecuted).toEqual(['Bash', 'Bash'])
    expect(turn.response).toContain('Tiny Calculator')
    expect(events).toContainEqual({ kind: 'sandbox_switched', sessionId: session.id, result })

    // Neither storage nor what the page hears holds the key.
    const stored = JSON.stringify([await store.loadSession(session.id), await store.loadEvents(session.id), await store.loadSandboxSnapshot(session.id)])
    const leaks = stored.split(KEY).length - 1 + JSON.stringify(events).split(KEY).length - 1
    expect(leaks).toBe(0)
    recordSuiteTotal('sandbox switch', 'leaks', leaks)
    recordSuiteTotal('sandbox switch', 'securityChecks')
  })

  it('restores an E2B session’s files into a fresh E2B sandbox when the session is opened again', async () => {
    const { host, cloud } = makeHost()
    const session = await host.createSession()
    await host.setSandbox(session.id, { kind: 'e2b', apiKey: KEY })
    await host.writeFile(session.id, '/workspace/made-in-e2b.txt', 'remote\n')
    await host.closeSession(session.id)
    expect(await host.readFile(session.id, '/workspace/made-in-e2b.txt')).toBe('remote\n')
    expect(cloud.sandboxes).toHaveLength(2)
    expect(await cloud.sandboxes[1]?.files.read('/workspace/made-in-e2b.txt')).toBe('remote\n')
  })

  it('moves back to the in-memory sandbox with the files made in E2B, and without ones deleted there', async () => {
    const { host, cloud } = makeHost()
    const session = await host.createSession()
    await host.setSandbox(session.id, { kind: 'e2b', apiKey: KEY })
    await host.writeFile(session.id, '/workspace/remote.txt', 'from e2b\n')
    await cloud.sandboxes[0]?.files.remove('/workspace/package.json')
    const back = await host.setSandbox(session.id, { kind: 'in-memory' })
    expect(back.kind).toBe('in-memory')
    expect(await host.readFile(session.id, '/workspace/remote.txt')).toBe('from e2b\n')
    await expect(host.readFile(session.id, '/workspace/package.json')).rejects.toThrow()
    expect(cloud.sandboxes[0]?.state).toBe('killed')
  })

  it('puts a session back on E2B when a restarted worker is told what the old one knew', async () => {
    const store = new MemorySessionStore()
    const cloud = createFakeCloud()
    const first = createPlaygroundHost({ store, demoDeltaDelayMs: 0, e2bSandboxClass: cloud })
    const session = await first.createSession()
    const memory = new SessionMemory()
    memory.opened(session.id)
    await first.openSession(session.id)
    await first.setSandbox(session.id, { kind: 'e2b', apiKey: KEY })
    memory.sandboxChosen(session.id, { kind: 'e2b', apiKey: KEY })
    await first.writeFile(session.id, '/workspace/kept.txt', 'kept\n')

    // A new host over the same store, as a restarted worker builds it, knowing nothing in memory.
    const second = createPlaygroundHost({ store, demoDeltaDelayMs: 0, e2bSandboxClass: cloud })
    await memory.restore(second, [])
    expect(cloud.sandboxes).toHaveLength(2)
    expect(await cloud.sandboxes[1]?.files.read('/workspace/kept.txt')).toBe('kept\n')
    expect(await second.readFile(session.id, '/workspace/kept.txt')).toBe('kept\n')
    expect(cloud.requests.at(-1)).toMatchObject({ method: 'create', options: expect.objectContaining({ apiKey: KEY }) })
  })

  it('says which setting to fix when E2B refuses the key, and keeps the session on its sandbox', async () => {
    const apiUrl = await startRefusingE2BApi()
    const store = new MemorySessionStore()
    // No stand-in class: the real SDK talks HTTP to the refusing server.
    const page = overComlink(createPlaygroundHost({ store, demoDeltaDelayMs: 0, eventIntervalMs: 1 }))
    const session = await page.createSession()
    const failure = await page.setSandbox(session.id, { kind: 'e2b', apiKey: KEY, apiUrl }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ConfigurationError)
    expect((failure as Error).message).toBe('E2B refused the API key. Check the E2B API key under Settings → E2B sandbox (it starts with e2b_), then switch again.')
    expect((failure as Error).message).not.toContain(KEY)
    expect(await page.readFile(session.id, '/workspace/README.md')).toContain('Tiny Calculator')
    recordSuiteTotal('sandbox switch', 'badInputs')
  })

  it('says E2B is unreachable, naming the address, when nothing answers there', async () => {
    const unreachable = await startRefusingE2BApi()
    servers.splice(0).forEach((server) => server.close())
    const page = overComlink(createPlaygroundHost({ store: new MemorySessionStore(), demoDeltaDelayMs: 0 }))
    const session = await page.createSession()
    await expect(page.setSandbox(session.id, { kind: 'e2b', apiKey: KEY, apiUrl: unreachable })).rejects.toThrow(
      `Could not reach E2B at ${unreachable}. Check the network connection (and the E2B API URL under Settings), then switch again.`
    )
    recordSuiteTotal('sandbox switch', 'badInputs')
  })

  it('names an unknown template', async () => {
    const { host } = makeHost()
    const session = await host.createSession()
    await expect(host.setSandbox(session.id, { kind: 'e2b', apiKey: KEY, template: 'no-such-template' })).rejects.toThrow(
      'E2B has no template "no-such-template". Fix the E2B template under Settings → E2B sandbox, or leave it empty for the base template.'
    )
    recordSuiteTotal('sandbox switch', 'badInputs')
  })

  it.each([
    [{ kind: 'docker' }, /kind must be "in-memory" or "e2b"; got "docker"/],
    [{ kind: 'e2b' }, /needs an API key; enter it under Settings → E2B sandbox/],
    [{ kind: 'e2b', apiKey: '  ' }, /needs an API key/],
    [{ kind: 'e2b', apiKey: KEY, apiUrl: 'ftp://example' }, /apiUrl must start with http:\/\/ or https:\/\//],
    [null, /kind must be/]
  ])('refuses the bad choice %j with an error naming the field', async (choice, message) => {
    const { host, cloud } = makeHost()
    const session = await host.createSession()
    const failure = await host.setSandbox(session.id, choice as TSandboxChoice).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ValidationError)
    expect((failure as Error).message).toMatch(message)
    expect(cloud.requests).toEqual([])
    recordSuiteTotal('sandbox switch', 'badInputs')
  })
})
