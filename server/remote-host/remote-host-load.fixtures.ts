import { WebSocket } from 'ws'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { THostEvent, TTurnResult } from '../../lib/host/agent-host.ts'
import { LocalAgentHost } from '../../lib/host/local-agent-host.ts'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { ScriptedProvider, type TScriptedStep } from '../../lib/testing/scripted-provider.ts'
import { createRemoteAgentClient } from '../../worker/remote/create-remote-agent-client.ts'
import type { TWebSocketConstructor } from '../../worker/remote/remote-host-socket.ts'
import { serveAgentHost } from './serve-agent-host.ts'

/** What one client of the load run saw: its marker, its session, its turns' answers, the events it got, its file. */
export type TLoadClientOutcome = {
  marker: string
  sessionId: string
  results: TTurnResult[]
  events: THostEvent[]
  markerFile: string
}

/** A load run: every client's outcome and the wall time of the turns (connecting excluded). */
export type TLoadRun = { outcomes: TLoadClientOutcome[]; milliseconds: number }

/** The marker of client `index`: its token, its user, its model and what its turns write and say. */
export const loadMarker = (index: number): string => `load-client-${String(index).padStart(2, '0')}`

// Each round is one tool round (a Write of the marker) and the answer naming marker and round.
function scriptFor(marker: string, rounds: number): TScriptedStep[] {
  return Array.from({ length: rounds }, (_, round) => [
    { toolCalls: [{ name: 'Write', arguments: { filePath: `markers/${marker}.txt`, content: `${marker}:${round}\n` } }] },
    { text: [`${marker} `, `round ${round} `, 'done.'] }
  ]).flat()
}

/**
 * `clients` page clients, each over its own WebSocket with its own token (so its own user), each
 * driving its own session on one host served on 127.0.0.1 for `rounds` turns, all at once.
 */
export async function runRemoteHostLoad(clients: number, rounds: number): Promise<TLoadRun> {
  const markers = Array.from({ length: clients }, (_, index) => loadMarker(index))
  const host = new LocalAgentHost({
    store: new MemorySessionStore(),
    createSandbox: () => new InMemorySandboxClient(),
    // Each session names its own model, so the host builds it its own scripted provider.
    createProvider: (choice) => new ScriptedProvider(scriptFor(choice.model, rounds), { name: 'scripted', recordCalls: false }),
    defaultProvider: { kind: 'scripted', model: 'unused' },
    eventIntervalMs: 5,
    permissionMode: 'bypassPermissions'
  })
  const served = await serveAgentHost(host, { port: 0, authorize: (token) => (token && markers.includes(token) ? `user-${token}` : undefined) })
  const pageClients = markers.map((marker) => createRemoteAgentClient(served.url, { token: marker, WebSocket: WebSocket as unknown as TWebSocketConstructor }))
  try {
    const prepared = await Promise.all(
      pageClients.map(async (client, index) => {
        const marker = markers[index] as string
        const events: THostEvent[] = []
        await client.subscribe((batch) => {
          events.push(...batch)
        })
        const session = await client.createSession({ name: marker, provider: { kind: 'scripted', model: marker } })
        return { client, marker, events, sessionId: session.id }
      })
    )
    const started = performance.now()
    const outcomes = await Promise.all(
      prepared.map(async ({ client, marker, events, sessionId }) => {
        const results: TTurnResult[] = []
        for (let round = 0; round < rounds; round++) results.push(await client.submit(sessionId, `${marker} round ${round}`))
        return { marker, sessionId, results, events, markerFile: await client.readFile(sessionId, `/workspace/markers/${marker}.txt`) }
      })
    )
    return { outcomes, milliseconds: performance.now() - started }
  } finally {
    for (const client of pageClients) client.terminate()
    await served.close()
  }
}
