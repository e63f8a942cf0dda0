import { afterEach, describe, expect, it } from 'vitest'
import type { IAgentHost } from '../lib/host/agent-host.ts'
import { LocalAgentHost, type TLocalAgentHostOptions } from '../lib/host/local-agent-host.ts'
import { OpenAIProvider } from '../lib/providers/openai/openai-provider.ts'
import { MemorySessionStore } from '../lib/storage/memory-session-store.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import { InMemorySandboxClient } from '../sandbox/in-memory/in-memory-sandbox-client.ts'
import { createInProcessSessionLocks } from './in-process-session-locks.ts'
import { MultiTabAgentHost } from './multi-tab-agent-host.ts'

let fake: TFakeLlmServer | undefined
afterEach(async () => {
  await fake?.close()
  fake = undefined
})

// A worker's host and a Node server's: neither may take a run its own turn is writing for one cut.
const HOSTS: Array<{ name: string; build: (options: TLocalAgentHostOptions) => IAgentHost }> = [
  {
    name: 'the multi-tab host',
    build: (options) => new MultiTabAgentHost({ host: new LocalAgentHost({ ...options, closeInterruptedTurns: false }), store: options.store, locks: createInProcessSessionLocks() })
  },
  { name: 'a local host on its own', build: (options) => new LocalAgentHost(options) }
]

describe.each(HOSTS)('a subagent run opened in $name while its parent turn runs', ({ build }) => {
  it('is left to the turn writing it: running, not closed off, no prompt of its own, its history and log whole', async () => {
    fake = await startFakeLlmServer({
      eventDelayMs: 40,
      turns: [
        { toolCalls: [{ name: 'Agent', arguments: { description: 'Count', prompt: 'Count to five.' } }] },
        { text: ['One. ', 'Two. ', 'Three. ', 'Four. ', 'Five.'] },
        { text: 'The subagent counted.' }
      ]
    })
    const server = fake
    const store = new MemorySessionStore()
    const host = build({
      store,
      createSandbox: () => new InMemorySandboxClient(),
      createProvider: () => new OpenAIProvider({ apiKey: 'sk-test', baseURL: server.openaiBaseURL, maxRetries: 0 }),
      defaultProvider: { kind: 'fake', model: 'test-model' },
      eventIntervalMs: 1,
      permissionMode: 'bypassPermissions'
    })
    const parent = await host.createSession()
    const turn = host.submit(parent.id, 'Ask a subagent to count')
    // Opened once the run has stored its prompt and is streaming its answer.
    const storedRun = async () => (await store.listSessions()).sessions.find((summary) => summary.parentSessionId === parent.id && summary.messageCount > 0)
    await expect.poll(storedRun, { interval: 5, timeout: 5000 }).toBeDefined()
    const run = await storedRun()
    if (!run) throw new Error('the subagent run is stored')
    const view = await host.openSession(run.id)
    expect(view.messages.map((message) => message.state)).not.toContain('interrupted')
    // A prompt or a command of its own would write the same log beside the parent's turn.
    expect(view.running).toBe(true)
    await expect(host.submit(run.id, 'Count again.')).rejects.toThrow(`Session ${run.id} is running a turn; abort it or wait.`)
    await expect(host.executeCommand(run.id, '/compact')).rejects.toThrow(`Session ${run.id} is running a turn; abort it or wait.`)
    expect((await turn).response).toBe('The subagent counted.')

    const stored = await store.loadSession(run.id)
    expect(stored?.messages.map((message) => [message.role, message.content, message.state])).toEqual([
      ['user', 'Count to five.', 'complete'],
      ['assistant', 'One. Two. Three. Four. Five.', 'complete']
    ])
    // The log holds the same history: each message the run appended, and no other.
    const appended = (await store.loadEvents(run.id)).flatMap((event) =>
      event.type === 'history_mutation' ? [[event.data.message.role, event.data.message.content, event.data.message.state]] : []
    )
    expect(appended).toEqual(stored?.messages.map((message) => [message.role, message.content, message.state]))
    expect(await host.verifyReplay(run.id)).toMatchObject({ ok: true })
  })
})
