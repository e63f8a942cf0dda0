import { afterEach, describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { isRobotaError } from '../core/errors.ts'
import type { IAIProvider } from '../core/provider.ts'
import { AnthropicProvider } from '../providers/anthropic/anthropic-provider.ts'
import { GoogleProvider } from '../providers/google/google-provider.ts'
import { OpenAIProvider } from '../providers/openai/openai-provider.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { exportReplayLogJsonl } from '../storage/replay-log/replay-jsonl.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { InteractiveSession } from './interactive-session.ts'
import { subagentRepeatsKeyTurns } from './subagents/subagent-repeats-key.fixtures.ts'

// Short enough that no key shape matches it: only the provider telling the session hides it.
const KEY = 'sk-test-SECRET123'

const PROVIDERS: Array<[string, (fake: TFakeLlmServer) => IAIProvider]> = [
  ['OpenAIProvider', (fake) => new OpenAIProvider({ apiKey: KEY, baseURL: fake.openaiBaseURL, maxRetries: 0 })],
  ['AnthropicProvider', (fake) => new AnthropicProvider({ apiKey: KEY, baseURL: fake.url, maxRetries: 0 })],
  ['GoogleProvider', (fake) => new GoogleProvider({ apiKey: KEY, baseURL: fake.url, maxRetries: 0 })]
]

let fake: TFakeLlmServer | undefined
afterEach(async () => {
  await fake?.close()
  fake = undefined
})

/** Everything a stored session shows: its record, its events and its export. */
async function storedView(store: MemorySessionStore, sessionId: string): Promise<string> {
  const head = await store.loadReplayLogHead(sessionId)
  const exported = exportReplayLogJsonl(sessionId, await store.loadReplayLog(sessionId), head)
  return JSON.stringify([await store.loadSession(sessionId), await store.loadEvents(sessionId)]) + exported
}

describe('a session hides the key of the provider it was built with', () => {
  it.each(PROVIDERS)('%s: a short key the model repeats is cut from the deltas, the result, the messages, the record and the export', async (_label, create) => {
    // The server takes no other key, so the provider really sends this one.
    fake = await startFakeLlmServer({ apiKey: KEY, turns: [{ text: ['Done: the key is sk-test-SEC', 'RET123', ', keep it safe.'] }] })
    const store = new MemorySessionStore()
    const replayed: unknown[] = []
    const session = new InteractiveSession({ provider: create(fake), store, onReplayEvent: (event) => replayed.push(event) })
    const streamed: string[] = []
    session.on('text_delta', (delta) => streamed.push(delta))
    const result = await session.submit('What is the key?')
    expect(streamed.join('')).toBe('Done: the key is [REDACTED], keep it safe.')
    expect(result?.response).toBe('Done: the key is [REDACTED], keep it safe.')
    expect(JSON.stringify(session.getMessages())).toContain('Done: the key is [REDACTED], keep it safe.')
    const seen = JSON.stringify([result, session.getMessages(), replayed]) + (await storedView(store, session.getSessionId()))
    expect(seen).toContain('[REDACTED]')
    expect(seen).not.toContain(KEY)
    expect(seen).not.toContain('SECRET123')
  })

  it("cuts the key from a subagent's own events and stored log too", async () => {
    fake = await startFakeLlmServer({
      apiKey: KEY,
      turns: subagentRepeatsKeyTurns(KEY)
    })
    const store = new MemorySessionStore()
    const replayed: unknown[] = []
    const session = new InteractiveSession({
      provider: new OpenAIProvider({ apiKey: KEY, baseURL: fake.openaiBaseURL, maxRetries: 0 }),
      sandbox: new InMemorySandboxClient(),
      store,
      permissionMode: 'bypassPermissions',
      onReplayEvent: (event) => replayed.push(event)
    })
    expect((await session.submit('Ask a subagent for the key'))?.response).toBe('The subagent answered.')
    const { sessions } = await store.listSessions()
    const child = sessions.find((summary) => summary.parentSessionId === session.getSessionId())
    expect(child).toBeDefined()
    const childLog = await storedView(store, child?.id ?? '')
    expect(childLog).toContain('The key is [REDACTED].')
    const seen = childLog + JSON.stringify(replayed) + (await storedView(store, session.getSessionId()))
    expect(seen).not.toContain(KEY)
  })

  it('refuses to start when a provider names its secrets as anything but strings, without showing them', async () => {
    const provider = Object.assign(new ScriptedProvider([{ text: 'never' }], { name: 'custom' }), { getSecrets: () => [KEY, 42] as never })
    const session = new InteractiveSession({ provider })
    const error = await session.ready().then(() => undefined, (reason: unknown) => reason)
    expect(isRobotaError(error) && error.code).toBe('CONFIGURATION_ERROR')
    expect((error as Error).message).toBe('The provider "custom": getSecrets() must return an array of strings; got one holding other values.')
  })
})
