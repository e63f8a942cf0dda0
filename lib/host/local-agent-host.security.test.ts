import { IDBFactory } from 'fake-indexeddb'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { stubIndexedDBGlobals } from '../storage/indexeddb/fake-indexeddb.fixtures.ts'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { TInMemorySandboxSnapshot } from '../../sandbox/in-memory/in-memory-snapshot.ts'
import type { IAIProvider } from '../core/provider.ts'
import { AnthropicProvider } from '../providers/anthropic/anthropic-provider.ts'
import { OpenAIProvider } from '../providers/openai/openai-provider.ts'
import { IndexedDBSessionStore } from '../storage/indexeddb/indexeddb-session-store.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import type { TFakeLlmTurn } from '../testing/fake-llm/fake-llm-script.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { recordSuiteTotal } from '../testing/suite-totals.ts'
import type { TProviderChoice } from './agent-host.ts'
import { LocalAgentHost } from './local-agent-host.ts'

// Sessions run with keys everywhere a key can be: the provider's own key (sent to the fake
// server), a key in a workspace file, a key in the sandbox environment that a command echoes, and
// a server that echoes the provider key back in an error. Then every place a key could leak to is
// scanned: every IndexedDB value, the exported JSONL, every event delivered to subscribers, and
// everything written to the console. None may hold any of the keys.

const SUITE = 'agent host security'

stubIndexedDBGlobals()

const FILE_KEY = 'sk-ant-api03-FILEKEYqv7Rm2Lx9Tz4Wb8Nc1Hd6Jf3Kg5Pe0'
const ENV_KEY = 'sk-proj-ENVKEYa8Sd2Fg5Hj7Kl0Zx3Cv6Bn9Mq1We4Rt'

type TSurface = { label: string; providerKey: string; create: (server: TFakeLlmServer, choice: TProviderChoice) => IAIProvider }

const SURFACES: TSurface[] = [
  {
    label: 'Anthropic Messages',
    providerKey: 'sk-ant-api03-PROVIDERanthropic4Xy7Qw2Er5Ty8Ui1Op3As6Df',
    create: (server, choice) => new AnthropicProvider({ apiKey: choice.apiKey ?? '', baseURL: server.url, maxRetries: 0 })
  },
  {
    label: 'OpenAI Responses',
    providerKey: 'sk-proj-PROVIDERresponses9Gh2Jk5Lz8Xc1Vb4Nm7Qa0Sw3',
    create: (server, choice) => new OpenAIProvider({ apiKey: choice.apiKey ?? '', baseURL: server.openaiBaseURL, apiSurface: 'responses', maxRetries: 0 })
  },
  {
    label: 'OpenAI Chat Completions',
    providerKey: 'sk-proj-PROVIDERchatcomps6Ed9Rf2Tg5Yh8Uj1Ik4Ol7P',
    create: (server, choice) => new OpenAIProvider({ apiKey: choice.apiKey ?? '', baseURL: server.openaiBaseURL, apiSurface: 'chat-completions', maxRetries: 0 })
  }
]

/** Every key, and its last 20 characters, so a key cut in two is still found. */
function secretsOf(providerKey: string): string[] {
  return [providerKey, FILE_KEY, ENV_KEY].flatMap((key) => [key, key.slice(-20)])
}

function findLeaks(place: string, text: string, secrets: readonly string[]): string[] {
  return secrets.filter((secret) => text.includes(secret)).map((secret) => `${place} holds …${secret.slice(-8)}`)
}

async function readAllIndexedDB(factory: IDBFactory): Promise<Record<string, unknown[]>> {
  const database = await new Promise<globalThis.IDBDatabase>((resolve, reject) => {
    const request = factory.open('robota')
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  const values: Record<string, unknown[]> = {}
  for (const storeName of Array.from(database.objectStoreNames)) {
    values[storeName] = await new Promise<unknown[]>((resolve, reject) => {
      const request = database.transaction(storeName).objectStore(storeName).getAll()
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
  }
  database.close()
  return values
}

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const
const consoleOutput: string[] = []
const servers: TFakeLlmServer[] = []

beforeAll(() => {
  for (const method of CONSOLE_METHODS) {
    vi.spyOn(console, method).mockImplementation((...values: unknown[]) => {
      consoleOutput.push(values.map((value) => (value instanceof Error ? `${value.message} ${value.stack ?? ''}` : typeof value === 'string' ? value : JSON.stringify(value))).join(' '))
    })
  }
})

afterAll(async () => {
  vi.restoreAllMocks()
  await Promise.all(servers.map((server) => server.close()))
})

afterEach(() => {
  consoleOutput.length = 0
})

function modelTurns(providerKey: string): TFakeLlmTurn[] {
  return [
    {
      text: 'Let me look at the configuration.',
      toolCalls: [
        { name: 'Bash', arguments: { command: 'cat .env' } },
        { name: 'Bash', arguments: { command: 'echo "key=$OPENAI_API_KEY"' } },
        { name: 'Read', arguments: { filePath: '.env' } }
      ]
    },
    // The model repeats a key in its answer, in one piece.
    { text: [`The file sets ANTHROPIC_API_KEY to ${FILE_KEY}.`, ' Done.'] },
    // The server echoes the caller's key back in an error body.
    { fault: { kind: 'http-error', status: 400, message: `Key ${providerKey} may not use this model.` } }
  ]
}

describe('no key reaches storage, exports, events or the console', () => {
  it.each(SURFACES)('$label: a session with keys set everywhere leaves no key anywhere', async ({ providerKey, create }) => {
    const server = await startFakeLlmServer({ apiKey: providerKey, turns: modelTurns(providerKey) })
    servers.push(server)
    const factory = new IDBFactory()
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    const host = new LocalAgentHost({
      store,
      createSandbox: () => new InMemorySandboxClient({ files: { '.env': `ANTHROPIC_API_KEY=${FILE_KEY}\n` }, env: { OPENAI_API_KEY: ENV_KEY } }),
      createProvider: (choice) => create(server, choice),
      defaultProvider: { kind: 'fake', model: 'test-model', baseURL: server.url, apiKey: providerKey },
      eventIntervalMs: 1,
      permissionMode: 'bypassPermissions'
    })
    const delivered: string[] = []
    await host.subscribe((events) => {
      delivered.push(JSON.stringify(events))
    })

    const session = await host.createSession({ name: 'keys', provider: { kind: 'fake', model: 'test-model', apiKey: providerKey } })
    const first = await host.submit(session.id, 'What key does the project use?')
    const failed = await host.submit(session.id, 'Try the bigger model.')
    expect(first.toolsExecuted).toEqual(['Bash', 'Bash', 'Read'])
    expect(failed.response).toMatch(/refused the request \(HTTP 400/)
    // The tools really saw the keys: redaction, not a missing file, is what keeps them out.
    expect(JSON.stringify(server.requests.map((request) => request.body))).toContain(FILE_KEY)
    expect(JSON.stringify(server.requests.map((request) => request.body))).toContain(ENV_KEY)
    const exported = await host.exportReplay(session.id)
    const view = await host.openSession(session.id)
    const stored = await readAllIndexedDB(factory)
    const secrets = secretsOf(providerKey)

    // The workspace snapshot keeps the user's own .env as the user wrote it; nothing else may hold a key.
    const snapshots = (stored.snapshots ?? []) as TInMemorySandboxSnapshot[]
    const envFiles = snapshots.flatMap((snapshot) => snapshot.entries.filter((entry) => entry.path === '/workspace/.env'))
    expect(envFiles.every((entry) => entry.type === 'file' && entry.content === `ANTHROPIC_API_KEY=${FILE_KEY}\n`)).toBe(true)
    const otherSnapshotEntries = snapshots.map((snapshot) => snapshot.entries.filter((entry) => entry.path !== '/workspace/.env'))

    const leaks = [
      ...findLeaks('IndexedDB sessions', JSON.stringify(stored.sessions), secrets),
      ...findLeaks('IndexedDB events', JSON.stringify(stored.events), secrets),
      ...findLeaks('IndexedDB snapshots (besides .env)', JSON.stringify(otherSnapshotEntries), secrets),
      ...findLeaks('IndexedDB snapshots', JSON.stringify(snapshots), [providerKey, ENV_KEY]),
      ...findLeaks('exported JSONL', exported, secrets),
      ...findLeaks('subscriber events', delivered.join('\n'), secrets),
      ...findLeaks('console', consoleOutput.join('\n'), secrets),
      ...findLeaks('turn results and session view', JSON.stringify([first, failed, view]), secrets)
    ]
    recordSuiteTotal(SUITE, 'leaks', leaks.length)
    expect(leaks).toEqual([])
    expect(delivered.join('\n')).toContain('[REDACTED]')
    expect(stored.events?.flatMap((value) => (value as { events?: unknown[] }).events ?? [value]).length).toBeGreaterThan(10)
    await store.close()
    recordSuiteTotal(SUITE, 'securityChecks')
  })

  it('a key the model streams across two deltas is not stored, exported or shown', async () => {
    const provider = new ScriptedProvider([{ text: ['Your key is sk-ant-api03-', 'SPLITTAILq8Wm3Zx6Cv9Bn2Lk5Jh.'] }])
    const host = new LocalAgentHost({
      store: new MemorySessionStore(),
      createSandbox: () => new InMemorySandboxClient(),
      createProvider: () => provider,
      defaultProvider: { kind: 'scripted', model: 'scripted-model' },
      eventIntervalMs: 1
    })
    const delivered: string[] = []
    await host.subscribe((events) => {
      delivered.push(JSON.stringify(events))
    })
    const session = await host.createSession()
    await host.submit(session.id, 'What is my key?')
    const everywhere = [JSON.stringify(await host.openSession(session.id)), await host.exportReplay(session.id), ...delivered].join('\n')
    expect(everywhere).not.toContain('SPLITTAILq8Wm3Zx6Cv9Bn2Lk5Jh')
    // The page saw the answer as it is stored: whole, in order, with the key replaced.
    const shown = delivered
      .flatMap((batch) => JSON.parse(batch) as Array<{ kind: string; event?: { type: string; data: { delta: string } } }>)
      .flatMap((event) => (event.event?.type === 'provider_stream_raw_delta' ? [event.event.data.delta] : []))
    expect(shown.join('')).toBe('Your key is [REDACTED].')
    recordSuiteTotal(SUITE, 'securityChecks')
  })

  it.each(SURFACES)('$label: a key streamed in three pieces leaves no piece in the native stream events either', async ({ providerKey, create }) => {
    const cut = ['The key: sk-proj-CUT', 'INTHREEa8Sd2Fg5H', 'j7Kl0Zx3Cv6 is set.']
    const server = await startFakeLlmServer({ apiKey: providerKey, turns: [{ text: cut }] })
    servers.push(server)
    const store = new MemorySessionStore()
    const host = new LocalAgentHost({
      store,
      createSandbox: () => new InMemorySandboxClient(),
      createProvider: (choice) => create(server, choice),
      defaultProvider: { kind: 'fake', model: 'test-model', baseURL: server.url, apiKey: providerKey },
      eventIntervalMs: 1
    })
    const delivered: string[] = []
    await host.subscribe((events) => {
      delivered.push(JSON.stringify(events))
    })
    const session = await host.createSession()
    await host.submit(session.id, 'What is the key?')
    const view = await host.openSession(session.id)
    // The provider reported its stream events, so they were checked too.
    expect(view.events.some((event) => event.type === 'provider_native_raw_payload' && event.data.payloadKind === 'stream_event')).toBe(true)
    const everywhere = [JSON.stringify(view), await host.exportReplay(session.id), ...delivered, consoleOutput.join('\n')].join('\n')
    const leaks = ['INTHREEa8Sd2Fg5H', 'j7Kl0Zx3Cv6', 'CUTINTHREE'].filter((piece) => everywhere.includes(piece))
    recordSuiteTotal(SUITE, 'leaks', leaks.length)
    expect(leaks).toEqual([])
    expect(view.messages.at(-1)?.content).toBe('The key: [REDACTED] is set.')
    recordSuiteTotal(SUITE, 'securityChecks')
  })

  it.each(SURFACES)('$label: a key in a tool call’s arguments, streamed in two fragments, leaves no piece in any event', async ({ providerKey, create }) => {
    // The fake server cuts argument JSON in the middle, which falls inside the key here.
    const argumentsText = JSON.stringify({ command: `echo ${providerKey}` })
    const middle = Math.floor(argumentsText.length / 2)
    expect(argumentsText.indexOf(providerKey)).toBeLessThan(middle)
    const server = await startFakeLlmServer({ apiKey: providerKey, turns: [{ toolCalls: [{ name: 'Bash', arguments: argumentsText }] }, { text: 'Printed.' }] })
    servers.push(server)
    const host = new LocalAgentHost({
      store: new MemorySessionStore(),
      createSandbox: () => new InMemorySandboxClient(),
      createProvider: (choice) => create(server, choice),
      defaultProvider: { kind: 'fake', model: 'test-model', baseURL: server.url, apiKey: providerKey },
      permissionMode: 'bypassPermissions',
      eventIntervalMs: 1
    })
    const delivered: string[] = []
    await host.subscribe((events) => {
      delivered.push(JSON.stringify(events))
    })
    const session = await host.createSession()
    expect((await host.submit(session.id, 'Print the key.')).toolsExecuted).toEqual(['Bash'])
    const view = await host.openSession(session.id)
    const everywhere = [JSON.stringify(view), await host.exportReplay(session.id), ...delivered, consoleOutput.join('\n')].join('\n')
    const pieces = [providerKey.slice(0, middle - argumentsText.indexOf(providerKey)), providerKey.slice(middle - argumentsText.indexOf(providerKey)), providerKey.slice(-12)]
    const leaks = pieces.filter((piece) => everywhere.includes(piece))
    recordSuiteTotal(SUITE, 'leaks', leaks.length)
    expect(leaks).toEqual([])
    recordSuiteTotal(SUITE, 'securityChecks')
  })
})
