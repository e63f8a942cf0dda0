import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import type { THostEvent } from './agent-host.ts'
import { LocalAgentHost } from './local-agent-host.ts'

describe('a session that cannot start', () => {
  it('lets go of the sandbox it built for the start, on every try, and says why', async () => {
    const built: InMemorySandboxClient[] = []
    const events: THostEvent[] = []
    const host = new LocalAgentHost({
      store: new MemorySessionStore(),
      // A workspace whose settings file is broken: the session's assembly refuses it.
      createSandbox: () => {
        const sandbox = new InMemorySandboxClient({ cwd: '/workspace', files: { '.robota/settings.json': '{ not json' } })
        built.push(sandbox)
        return sandbox
      },
      createProvider: () => new ScriptedProvider([{ text: 'never' }]),
      defaultProvider: { kind: 'scripted', model: 'm' },
      eventIntervalMs: 1
    })
    await host.subscribe((batch) => void events.push(...batch))
    const session = await host.createSession()

    await expect(host.submit(session.id, 'hi')).rejects.toThrow(/settings\.json/)
    await expect(host.submit(session.id, 'again')).rejects.toThrow(/settings\.json/)

    expect(built.length).toBeGreaterThanOrEqual(2)
    // Each try's sandbox is disposed: a disposed one refuses to run anything.
    for (const sandbox of built) await expect(sandbox.run('echo hi')).rejects.toThrow()
    expect(events).toContainEqual(expect.objectContaining({ kind: 'sandbox_status', sessionId: session.id, status: 'failed', message: expect.stringMatching(/settings\.json/) }))
  })
})
