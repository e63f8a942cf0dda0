import { afterEach, describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { OpenAIProvider } from '../providers/openai/openai-provider.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import { LocalAgentHost } from './local-agent-host.ts'
import { hostWithAppKey } from './hosted-subagent.fixtures.ts'
import { subagentRepeatsKeyTurns } from '../session/subagents/subagent-repeats-key.fixtures.ts'

// Short enough that no key shape matches it: only the session's known secrets hide it.
const KEY = 'sk-test-SECRET123'

let fake: TFakeLlmServer | undefined
afterEach(async () => {
  await fake?.close()
  fake = undefined
})

describe("a hosted session's provider key", () => {
  it("is hidden when the app's factory gives it, with no key in the choice", async () => {
    fake = await startFakeLlmServer({ apiKey: KEY, turns: [{ text: `The server's key is ${KEY}.` }] })
    const store = new MemorySessionStore()
    const host = hostWithAppKey(fake, store, KEY)
    const session = await host.createSession()
    expect((await host.submit(session.id, 'Which key?')).response).toBe("The server's key is [REDACTED].")
    expect(JSON.stringify(await store.loadSession(session.id)) + (await host.exportReplay(session.id))).not.toContain(KEY)
  })
})

describe("a hosted session's subagents", () => {
  it("keep the provider's key out of their own stored log and export", async () => {
    fake = await startFakeLlmServer({
      apiKey: KEY,
      turns: subagentRepeatsKeyTurns(KEY)
    })
    const server = fake
    const store = new MemorySessionStore()
    const host = new LocalAgentHost({
      store,
      createSandbox: () => new InMemorySandboxClient(),
      createProvider: (choice) => new OpenAIProvider({ apiKey: choice.apiKey ?? '', baseURL: server.openaiBaseURL, maxRetries: 0 }),
      defaultProvider: { kind: 'fake', model: 'test-model', apiKey: KEY },
      eventIntervalMs: 1,
      permissionMode: 'bypassPermissions'
    })
    const session = await host.createSession({ provider: { kind: 'fake', model: 'test-model', apiKey: KEY } })
    expect((await host.submit(session.id, 'Ask a subagent for the key')).response).toBe('The subagent answered.')
    const child = (await store.listSessions()).sessions.find((summary) => summary.parentSessionId === session.id)
    expect(child).toBeDefined()
    const childId = child?.id ?? ''
    const childLog = JSON.stringify([await store.loadSession(childId), await store.loadEvents(childId)]) + (await host.exportReplay(childId))
    expect(childLog).toContain('The key is [REDACTED].')
    expect(childLog).not.toContain(KEY)
  })

  it('cut the key from their streamed text when the model writes it across deltas', async () => {
    const turns = subagentRepeatsKeyTurns(KEY).map((turn, index) => (index === 1 ? { text: ['The key is sk-te', 'st-SEC', 'RET123.'] } : turn))
    fake = await startFakeLlmServer({ apiKey: KEY, turns })
    const store = new MemorySessionStore()
    const host = hostWithAppKey(fake, store, KEY)
    const session = await host.createSession()
    expect((await host.submit(session.id, 'Ask a subagent for the key')).response).toBe('The subagent answered.')
    const child = (await store.listSessions()).sessions.find((summary) => summary.parentSessionId === session.id)
    const events = await store.loadEvents(child?.id ?? '')
    const streamed = events.flatMap((event) => (event.type === 'provider_stream_raw_delta' ? [event.data.delta] : []))
    expect(streamed.length).toBeGreaterThan(1)
    expect(streamed.join('')).toBe('The key is [REDACTED].')
    expect(JSON.stringify(events) + (await host.exportReplay(child?.id ?? ''))).not.toMatch(/sk-te|SEC|RET123/)
  })
})
