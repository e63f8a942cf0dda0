import { IDBFactory } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { IAIProvider } from '../core/provider.ts'
import { AnthropicProvider } from '../providers/anthropic/anthropic-provider.ts'
import { OpenAIProvider } from '../providers/openai/openai-provider.ts'
import { stubIndexedDBGlobals } from '../storage/indexeddb/fake-indexeddb.fixtures.ts'
import { IndexedDBSessionStore } from '../storage/indexeddb/indexeddb-session-store.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import type { TFakeLlmTurn } from '../testing/fake-llm/fake-llm-script.ts'
import { LocalAgentHost } from './local-agent-host.ts'
import { rerunReplay } from '../session/replay-rerun.ts'

// A session recorded through the real provider SDKs talking HTTP to the local fake LLM server,
// exported as JSONL, imported into a fresh IndexedDB store and re-run offline by `ReplayProvider`
// (the server is closed by then): the same history, the same tool results.

stubIndexedDBGlobals()

const API_KEY = 'sk-robota-replay-over-http-key-7Q2w'

type TSurface = { label: string; create: (server: TFakeLlmServer) => IAIProvider }

const SURFACES: TSurface[] = [
  { label: 'Anthropic Messages', create: (server) => new AnthropicProvider({ apiKey: API_KEY, baseURL: server.url, maxRetries: 0 }) },
  { label: 'OpenAI Responses', create: (server) => new OpenAIProvider({ apiKey: API_KEY, baseURL: server.openaiBaseURL, apiSurface: 'responses', maxRetries: 0 }) },
  {
    label: 'OpenAI Chat Completions',
    create: (server) => new OpenAIProvider({ apiKey: API_KEY, baseURL: server.openaiBaseURL, apiSurface: 'chat-completions', maxRetries: 0 })
  }
]

/** Two prompts: the first takes three rounds and four tool calls, the second one more round. */
const TURNS: TFakeLlmTurn[] = [
  {
    text: ['Let me ', 'see what ', 'is here.'],
    toolCalls: [
      { id: 'call_ls', name: 'Bash', arguments: { command: 'ls' } },
      { id: 'call_write', name: 'Write', arguments: { filePath: 'notes.txt', content: 'first line\nsecond line\n' } }
    ],
    usage: { inputTokens: 120, outputTokens: 30 }
  },
  {
    text: 'Reading both files.',
    toolCalls: [
      { id: 'call_read', name: 'Read', arguments: { filePath: 'README.md' } },
      { id: 'call_wc', name: 'Bash', arguments: { command: 'wc -l notes.txt' } }
    ]
  },
  { text: ['The README ', 'names the demo; ', 'notes.txt has two lines.'] },
  { text: 'You are welcome.', reasoning: 'A short thanks needs a short answer.' }
]

const WORKSPACE = { 'README.md': '# Replay demo\n\nA tiny workspace.\n' }

let server: TFakeLlmServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

function createHost(store: IndexedDBSessionStore, provider: () => IAIProvider): LocalAgentHost {
  return new LocalAgentHost({
    store,
    createSandbox: () => new InMemorySandboxClient({ files: WORKSPACE }),
    createProvider: provider,
    defaultProvider: { kind: 'http', model: 'test-model' },
    eventIntervalMs: 1,
    permissionMode: 'bypassPermissions'
  })
}

/** What must match between the recording and the replay: roles, text, tool calls and results. */
function conversationOf(messages: readonly TUniversalMessage[]) {
  return messages.map((message) => ({
    role: message.role,
    content: message.content,
    ...(message.role === 'assistant' ? { toolCalls: (message.toolCalls ?? []).map(({ id, name, arguments: input }) => ({ id, name, input })) } : {}),
    ...(message.role === 'tool' ? { toolCallId: message.toolCallId, toolName: message.toolName } : {})
  }))
}

const toolResults = (messages: readonly TUniversalMessage[]) => messages.flatMap((message) => (message.role === 'tool' ? [message.content] : []))

describe.each(SURFACES)('a session recorded over HTTP ($label) replays offline from its JSONL export', ({ create }) => {
  it('re-runs with ReplayProvider in a fresh store: identical history and tool results', async () => {
    const fake = await startFakeLlmServer({ apiKey: API_KEY, turns: TURNS })
    server = fake
    const recordingHost = createHost(new IndexedDBSessionStore({ indexedDB: new IDBFactory() }), () => create(fake))
    const session = await recordingHost.createSession({ name: 'recorded' })
    const first = await recordingHost.submit(session.id, 'What is in this workspace?')
    await recordingHost.submit(session.id, 'Thanks!')
    expect(first.toolsExecuted).toEqual(['Bash', 'Write', 'Read', 'Bash'])
    expect(fake.requests.filter((request) => request.wireFormat !== undefined)).toHaveLength(4)
    const recorded = (await recordingHost.openSession(session.id)).messages
    const jsonl = await recordingHost.exportReplay(session.id)
    expect(jsonl).not.toContain(API_KEY)
    await fake.close()
    server = undefined

    // Offline from here: the server is gone, so any model call the replay made would fail.
    const store = new IndexedDBSessionStore({ indexedDB: new IDBFactory() })
    const replayHost = createHost(store, () => {
      throw new Error('the replay must not build a live provider')
    })
    const imported = await replayHost.importReplay(jsonl)
    expect(imported).toMatchObject({ id: session.id, messageCount: recorded.length })
    expect(await replayHost.verifyReplay(session.id)).toMatchObject({ ok: true })
    expect(conversationOf((await replayHost.openSession(session.id)).messages)).toEqual(conversationOf(recorded))

    const replayed: TUniversalMessage[] = []
    const report = await rerunReplay({
      events: await store.loadEvents(session.id),
      sandbox: new InMemorySandboxClient({ files: WORKSPACE }),
      permissionMode: 'bypassPermissions',
      onExecutionEvent: (event) => {
        if (event.type === 'history_mutation') replayed[event.data.index] = event.data.message
      }
    })
    expect(report).toMatchObject({ matches: true, prompts: 2, recordedCalls: 4, replayedCalls: 4 })
    expect(conversationOf(replayed)).toEqual(conversationOf(recorded))
    // The tools ran again for real in a fresh sandbox and answered as they did when recorded.
    expect(toolResults(replayed)).toEqual(toolResults(recorded))
    expect(toolResults(recorded)).toEqual([
      expect.stringContaining('README.md'),
      expect.stringContaining('/workspace/notes.txt'),
      expect.stringContaining('# Replay demo'),
      expect.stringContaining(String.raw`"output":"2 notes.txt\n"`)
    ])
    expect(replayed.at(-1)).toMatchObject({ role: 'assistant', content: 'You are welcome.' })

    // The host's own re-run of the imported session agrees.
    expect(await replayHost.rerunReplay(session.id)).toMatchObject({ matches: true, recordedCalls: 4, replayedCalls: 4 })
    await store.close()
  })
})
