import { createConnection, createServer, type Server, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { TWorkerRestart } from '../../worker/agent-worker-supervisor.ts'
import { recordSuiteTotal } from '../../lib/testing/suite-totals.ts'
import { connectClient, servePlaygroundHost } from './remote-host.fixtures.ts'

// The network between page and host drops: a TCP relay in front of the real server is cut. The
// page client says so, reconnects, and the page goes on with the same sessions.
const SUITE = 'remote agent client: lost connections'
const TOKEN = 'faults-token-0123456789abcdef'

const closers: Array<() => unknown> = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

/** Relays TCP to `port`; `cut()` drops every connection through it, as a network failure would. */
async function startRelay(port: number): Promise<{ port: number; cut: () => void; close: () => Promise<void> }> {
  const sockets = new Set<Socket>()
  const server: Server = createServer((inbound) => {
    const outbound = createConnection({ host: '127.0.0.1', port })
    for (const [socket, partner] of [[inbound, outbound], [outbound, inbound]] as const) {
      sockets.add(socket)
      socket.on('close', () => {
        sockets.delete(socket)
        partner.destroy()
      })
      socket.on('error', () => undefined)
    }
    inbound.pipe(outbound).pipe(inbound)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    cut: () => {
      for (const socket of sockets) socket.destroy()
    },
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}

describe('the remote agent client over a connection that drops', () => {
  it('fails the call in flight with a NetworkError naming the host, reconnects, and reopens the page’s sessions', async () => {
    const { served } = await servePlaygroundHost({ token: TOKEN })
    closers.push(() => served.close())
    const relay = await startRelay(Number(new URL(served.url).port))
    closers.push(() => relay.close())
    const url = `ws://127.0.0.1:${relay.port}/agent-host`
    const client = connectClient(url, { token: TOKEN, reconnect: { maxAttempts: 5, delayMs: 20 } })
    closers.push(() => client.terminate())
    const restarts: TWorkerRestart[] = []
    client.onRestart((restart) => restarts.push(restart))

    const session = await client.createSession({ name: 'Survives' })
    await client.openSession(session.id)
    const inFlight = client.listFiles(session.id, '/workspace')
    relay.cut()
    const lost = await inFlight.then(
      () => undefined,
      (error: unknown) => error as Error & { code?: string }
    )
    // The answer may have beaten the cut; when it did not, the error says what happened.
    if (lost) {
      expect(lost.code).toBe('NETWORK_ERROR')
      expect(lost.message).toContain(`The connection to the agent host at ${url} was lost`)
    }
    // Calls after the drop wait for the new connection and work on the same session.
    expect((await client.openSession(session.id)).summary.name).toBe('Survives')
    expect(client.restarts).toBe(1)
    expect(restarts).toEqual([{ restarts: 1, reason: 'error', message: expect.stringContaining('was lost'), interruptedSessionIds: [] }])
    recordSuiteTotal(SUITE, 'faults')
  })

  it('gives up after its attempts when the host stays away, and every later call says so', async () => {
    const { served } = await servePlaygroundHost({ token: TOKEN })
    const relay = await startRelay(Number(new URL(served.url).port))
    closers.push(() => relay.close())
    const url = `ws://127.0.0.1:${relay.port}/agent-host`
    const client = connectClient(url, { token: TOKEN, reconnect: { maxAttempts: 2, delayMs: 10 } })
    closers.push(() => client.terminate())
    await client.listSessions()
    await served.close()
    relay.cut()
    // The call racing the shutdown may still have gone out on the old connection: it fails as lost.
    await expect(client.listSessions()).rejects.toMatchObject({ code: 'NETWORK_ERROR', message: expect.stringContaining(`The connection to the agent host at ${url} was lost`) })
    const giveUp = `The connection to the agent host at ${url} was lost and 2 attempts to reconnect failed`
    await expect(client.listSessions()).rejects.toMatchObject({ code: 'NETWORK_ERROR', message: expect.stringContaining(giveUp) })
    await expect(client.createSession()).rejects.toMatchObject({ code: 'NETWORK_ERROR', message: expect.stringContaining(giveUp) })
    recordSuiteTotal(SUITE, 'faults')
  })
})
