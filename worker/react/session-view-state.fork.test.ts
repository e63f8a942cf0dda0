import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { LocalAgentHost } from '../../lib/host/local-agent-host.ts'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { ScriptedProvider } from '../../lib/testing/scripted-provider.ts'
import { EMPTY_SESSION_VIEW, reduceSessionView } from './session-view-state.ts'

describe('reduceSessionView of a fork', () => {
  it('shows the copied tool calls decided as its source showed them, marked as decided there', async () => {
    const host = new LocalAgentHost({
      store: new MemorySessionStore(),
      createSandbox: () => new InMemorySandboxClient({ files: { 'README.md': '# Demo\n' } }),
      createProvider: () => new ScriptedProvider([{ toolCalls: [{ id: 'call-1', name: 'Bash', arguments: { command: 'cat README.md' } }] }, { text: 'Read it.' }]),
      defaultProvider: { kind: 'scripted', model: 'scripted-model' },
      eventIntervalMs: 1,
      permissionMode: 'default'
    })
    await host.subscribe(async (events) => {
      for (const event of events) if (event.kind === 'permission_request') await host.answerPermission(event.sessionId, event.requestId, 'allow_once')
    })
    const source = await host.createSession()
    await host.submit(source.id, 'read the readme')
    const fork = await host.forkSession(source.id)
    // As the page opens a session: its latest messages and events.
    const open = async (sessionId: string) => reduceSessionView(EMPTY_SESSION_VIEW, { type: 'opened', view: await host.openSession(sessionId, { latestMessages: 30, latestEvents: 1_000 }) })

    const shown = (await open(source.id)).permissionDecisions
    expect(shown.get('call-1')).toMatchObject({ decision: 'allow', source: 'handler' })
    expect([...(await open(fork.id)).permissionDecisions]).toEqual([...shown].map(([id, decision]) => [id, { ...decision, copiedFrom: source.id }]))
  })
})
