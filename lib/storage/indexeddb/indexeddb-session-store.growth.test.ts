import { IDBCursorWithValue, IDBFactory, IDBObjectStore } from 'fake-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { LocalAgentHost } from '../../host/local-agent-host.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../../testing/scripted-provider.ts'
import { watchHashedBytes } from '../hashed-bytes.fixtures.ts'
import { stubIndexedDBGlobals } from './fake-indexeddb.fixtures.ts'
import { IndexedDBSessionStore } from './indexeddb-session-store.ts'

// Long sessions must cost the same per turn. Wall-clock ratios are noise on a busy machine, so
// this counts the work itself: the bytes (as JSON) of every value put into IndexedDB during a
// turn, and the bytes hashed for its replay log. A commit that rewrites the whole record, a
// request stored with a reference per message, or a request whose hash covers the whole history
// grows with the session; what a turn adds does not.

stubIndexedDBGlobals()

const README = `# Growth\n${'A line of the readme that the tool prints back.\n'.repeat(12)}`

// Each turn: the model lists the workspace with a tool, then answers. Four messages per turn.
function turnSteps(turns: number): TScriptedStepSource[] {
  const steps: TScriptedStepSource[] = []
  for (let turn = 0; turn < turns; turn++) {
    steps.push({ text: `Reading the readme for turn ${turn}.`, toolCalls: [{ name: 'Bash', arguments: { command: 'cat README.md' } }] })
    steps.push({ text: `Turn ${turn}: the readme explains the growth test in ${README.length} characters.` })
  }
  return steps
}

/** Bytes put into IndexedDB while `work` runs, counted as the JSON of each value. */
async function bytesPutDuring(work: () => Promise<void>): Promise<number> {
  let bytes = 0
  const put = IDBObjectStore.prototype.put
  const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    bytes += JSON.stringify(value).length
    return put.call(this, value, key)
  })
  try {
    await work()
  } finally {
    spy.mockRestore()
  }
  return bytes
}

/** Bytes hashed (replay chain and message payloads) while `work` runs. */
async function bytesHashedDuring(work: () => Promise<void>): Promise<number> {
  let bytes = 0
  const stop = watchHashedBytes((hashed) => (bytes += hashed))
  try {
    await work()
  } finally {
    stop()
  }
  return bytes
}

/**
 * Bytes (as JSON) of every value IndexedDB hands back while `work` runs: each `get` and `getAll`
 * result and each value a cursor steps onto.
 */
async function bytesReadDuring(work: () => Promise<void>): Promise<number> {
  let bytes = 0
  const count = (request: IDBRequest) => {
    request.addEventListener('success', () => {
      const result: unknown = request.result
      const value = result instanceof IDBCursorWithValue ? result.value : result
      if (value !== undefined && value !== null) bytes += JSON.stringify(value).length
    })
    return request
  }
  const spies = (['get', 'getAll', 'openCursor'] as const).map((method) => {
    const original = IDBObjectStore.prototype[method] as (this: IDBObjectStore, ...args: unknown[]) => IDBRequest
    return vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (this: IDBObjectStore, ...args: unknown[]) {
      return count(original.apply(this, args))
    } as never)
  })
  try {
    await work()
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
  return bytes
}

// The playground opens a conversation on its latest messages and events; both fit in ten turns.
const OPEN_WINDOW = { latestMessages: 8, latestEvents: 40 }

type TGrowth = { lastTurnBytes: number; storedBytes: number; lastTurnHashedBytes: number; openBytesRead: number; openedWindow: boolean }

/** Runs a session of `turns` turns on a fresh database; measures its last turn and all it wrote. */
async function measureSession(turns: number): Promise<TGrowth> {
  const factory = new IDBFactory()
  const store = new IndexedDBSessionStore({ indexedDB: factory })
  const host = new LocalAgentHost({
    store,
    createSandbox: () => new InMemorySandboxClient({ files: { 'README.md': README } }),
    createProvider: () => new ScriptedProvider(turnSteps(turns), { recordCalls: false }),
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    eventIntervalMs: 1,
    permissionMode: 'bypassPermissions'
  })
  const session = await host.createSession()
  let storedBytes = 0
  for (let turn = 0; turn < turns - 1; turn++) storedBytes += await bytesPutDuring(() => host.submit(session.id, `Question ${turn}: what does the readme say?`).then(() => undefined))
  let lastTurnBytes = 0
  const lastTurnHashedBytes = await bytesHashedDuring(async () => {
    lastTurnBytes = await bytesPutDuring(() => host.submit(session.id, `Question ${turns - 1}: what does the readme say?`).then(() => undefined))
  })
  expect((await store.loadSession(session.id))?.messages).toHaveLength(turns * 4)
  await host.closeSession(session.id)
  await store.close()
  // A new connection, as a reloaded page opens the session.
  const reopened = new IndexedDBSessionStore({ indexedDB: factory })
  const reader = new LocalAgentHost({ store: reopened, createSandbox: () => new InMemorySandboxClient(), createProvider: () => new ScriptedProvider([]), defaultProvider: { kind: 'scripted', model: 'scripted-model' } })
  let view: Awaited<ReturnType<LocalAgentHost['openSession']>> | undefined
  const openBytesRead = await bytesReadDuring(async () => {
    view = await reader.openSession(session.id, OPEN_WINDOW)
  })
  await reopened.close()
  const openedWindow = view?.earlierEvents === true && view.messages.length <= OPEN_WINDOW.latestMessages
  return { lastTurnBytes, storedBytes: storedBytes + lastTurnBytes, lastTurnHashedBytes, openBytesRead, openedWindow }
}

let measured: Promise<{ short: TGrowth; long: TGrowth }> | undefined

/** Both sessions, run once for every test of this file. */
function measureShortAndLong(): Promise<{ short: TGrowth; long: TGrowth }> {
  measured ??= (async () => ({ short: await measureSession(10), long: await measureSession(100) }))()
  return measured
}

afterEach(() => vi.restoreAllMocks())

describe('IndexedDB session store: a long session costs the same per turn', () => {
  it('writes as many bytes for turn 100 as for turn 10, and stores bytes in proportion to the conversation', { timeout: 120_000 }, async () => {
    const { short, long } = await measureShortAndLong()

    // With the whole record rewritten per commit and a reference per message in each request,
    // turn 100 wrote 8× what turn 10 did, and 100 turns stored 64× what 10 turns stored.
    expect(long.lastTurnBytes / short.lastTurnBytes).toBeLessThanOrEqual(1.5)
    // Ten times the turns, at most 1.5 × ten times the bytes: linear, not quadratic.
    expect(long.storedBytes / short.storedBytes).toBeLessThanOrEqual(15)
  })

  it('reads as much to open the session at turn 100 as at turn 10: its latest messages and events only', { timeout: 120_000 }, async () => {
    const { short, long } = await measureShortAndLong()

    // Reading the whole record and log to open, turn 100 read about ten times what turn 10 did.
    expect(short.openBytesRead).toBeGreaterThan(0)
    expect(long.openBytesRead / short.openBytesRead).toBeLessThanOrEqual(1.5)
    expect(short.openedWindow && long.openedWindow).toBe(true)
  })

  it('hashes as much for turn 100 as for turn 10: a request names the history it shares', { timeout: 120_000 }, async () => {
    const { short, long } = await measureShortAndLong()

    // With each request's hash covering its whole history, turn 100 hashed 6× what turn 10 did.
    expect(short.lastTurnHashedBytes).toBeGreaterThan(0)
    expect(long.lastTurnHashedBytes / short.lastTurnHashedBytes).toBeLessThanOrEqual(1.5)
  })
})
