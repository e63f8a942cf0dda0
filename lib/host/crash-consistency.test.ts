import { IDBFactory } from 'fake-indexeddb'
import { afterAll, describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import { stubIndexedDBGlobals } from '../storage/indexeddb/fake-indexeddb.fixtures.ts'
import { IndexedDBSessionStore } from '../storage/indexeddb/indexeddb-session-store.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { verifyReplayLog } from '../storage/replay-log/hash-chain.ts'
import type { ISessionStore } from '../storage/session-store.ts'
import { ScriptedProvider, type TScriptedStep } from '../testing/scripted-provider.ts'
import { recordSuiteTotal } from '../testing/suite-totals.ts'
import {
  CrashingSessionStore,
  CrashingStreamProvider,
  crashIndexedDBPuts,
  CrashSwitch,
  findHistoryProblem,
  historyFromLog
} from './crash-consistency.fixtures.ts'
import { LocalAgentHost } from './local-agent-host.ts'

// A multi-round turn with tools is killed at every point one can stop it: before each store
// write (between events), after each IndexedDB put (mid-batch: the transaction never commits) and
// at each streamed text piece (mid-stream). After each kill a fresh store on the same storage must
// hold a log that verifies and rebuilds a valid history holding every message whose write was
// acknowledged; a host started anew over it closes off the cut turn, and the session finishes a new one.

stubIndexedDBGlobals()

const SUITE = 'crash-consistency'

/** Three rounds, three tool calls, streamed text in each answer. */
const TURN: TScriptedStep[] = [
  {
    text: ['Let me ', 'look ', 'around.'],
    toolCalls: [
      { id: 'call-ls', name: 'Bash', arguments: { command: 'ls' } },
      { id: 'call-write', name: 'Bash', arguments: { command: 'echo one > one.txt' } }
    ]
  },
  { text: ['Now ', 'reading ', 'it.'], toolCalls: [{ id: 'call-cat', name: 'Bash', arguments: { command: 'cat one.txt' } }] },
  { text: ['It ', 'says ', 'one.'] }
]

type TStorage = { name: string; open: () => ISessionStore; close: (store: ISessionStore) => Promise<void> }

function memoryStorage(): TStorage {
  const disk = new MemorySessionStore()
  return { name: 'memory', open: () => disk, close: async () => undefined }
}

function indexedDBStorage(): TStorage {
  const factory = new IDBFactory()
  return { name: 'indexeddb', open: () => new IndexedDBSessionStore({ indexedDB: factory }), close: async (store) => store.close?.() }
}

function createHost(store: ISessionStore, provider: ScriptedProvider | CrashingStreamProvider): LocalAgentHost {
  return new LocalAgentHost({
    store,
    createSandbox: () => new InMemorySandboxClient({ files: { 'README.md': '# Demo\n' } }),
    createProvider: () => provider,
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    eventIntervalMs: 1,
    permissionMode: 'bypassPermissions'
  })
}

let currentLife: CrashSwitch | undefined
const undoPutCrashes = crashIndexedDBPuts(() => currentLife)
afterAll(undoPutCrashes)

type TKillPoint = { kind: 'writes' | 'puts' | 'deltas'; count: number }

type TCrashOutcome = { killed: boolean; logLength: number; messages: number; commitEnds: number[] }

/** Runs the turn killed at `point`, then checks what a fresh store finds and resumes from it. */
async function crashAndResume(storage: TStorage, point: TKillPoint): Promise<TCrashOutcome> {
  const setup = storage.open()
  const sessionId = (await createHost(setup, new ScriptedProvider([])).createSession()).id
  await storage.close(setup)

  const life = new CrashSwitch()
  life.armAfter(point.kind, point.count)
  const dying = new CrashingSessionStore(storage.open(), life)
  currentLife = life
  try {
    await createHost(dying, new CrashingStreamProvider(new ScriptedProvider(TURN), life))
      .submit(sessionId, 'What is here?')
      .catch(() => undefined)
  } finally {
    // Only once the dead run has stopped may a new one write: nothing of the old run lands later.
    currentLife = undefined
    await storage.close(dying)
  }

  const store = storage.open()
  const context = `${storage.name}, killed at ${point.kind} ${point.count}`
  const log = await store.loadReplayLog(sessionId)
  expect(verifyReplayLog(log), context).toMatchObject({ ok: true, recordCount: log.length })
  expect(log.map((record) => record.event.seq), context).toEqual(log.map((_, index) => index))
  const record = await store.loadSession(sessionId)
  expect(record?.nextEventSeq, context).toBe(log.length)
  const history = historyFromLog(log)
  expect(ids(history), context).toEqual(ids(record?.messages ?? []))
  expect(findHistoryProblem(history, false), context).toBeUndefined()
  // Every message the run saw stored is still there, in its place.
  expect(ids(history).slice(0, dying.acknowledged.length), context).toEqual(ids(dying.acknowledged))
  if (!life.dead) expect(history.map((message) => message.role), context).toEqual(['user', 'assistant', 'tool', 'tool', 'assistant', 'tool', 'assistant'])
  // A stored result of the command that wrote one.txt means the stored sandbox holds one.txt.
  if (history.some((message) => message.role === 'tool' && message.toolCallId === 'call-write')) {
    const restored = new InMemorySandboxClient()
    await restored.restore(await store.loadSandboxSnapshot(sessionId))
    expect(await restored.readFile('/workspace/one.txt'), context).toBe('one\n')
  }

  // A host started anew over what survived closes off the interrupted turn as it opens the session.
  const provider = new ScriptedProvider([{ toolCalls: [{ id: 'call-again', name: 'Bash', arguments: { command: 'ls' } }] }, { text: 'Resumed.' }])
  const restarted = createHost(store, provider)
  await restarted.openSession(sessionId)
  const repaired = historyFromLog(await store.loadReplayLog(sessionId))
  expect(findHistoryProblem(repaired, true), context).toBeUndefined()
  expect(ids(repaired).slice(0, history.length), context).toEqual(ids(history))
  const resumed = await restarted.submit(sessionId, 'Carry on.')
  expect(resumed.response, context).toBe('Resumed.')
  expect(ids(provider.calls[0]?.messages.filter((message) => message.role !== 'system') ?? []), context).toEqual([...ids(repaired), expect.any(String)])

  const finalLog = await store.loadReplayLog(sessionId)
  expect(verifyReplayLog(finalLog), context).toMatchObject({ ok: true })
  const finalHistory = historyFromLog(finalLog)
  expect(findHistoryProblem(finalHistory, true), context).toBeUndefined()
  expect(finalHistory.slice(repaired.length).map((message) => message.role), context).toEqual(['user', 'assistant', 'tool', 'assistant'])
  expect(ids((await store.loadSession(sessionId))?.messages ?? []), context).toEqual(ids(finalHistory))
  await storage.close(store)
  return { killed: life.dead, logLength: log.length, messages: history.length, commitEnds: dying.commitEnds }
}

function ids(messages: readonly TUniversalMessage[]): string[] {
  return messages.map((message) => message.id)
}

/** Kills at 0, 1, 2… of `kind` until a run goes through without being killed. */
async function killEverywhere(makeStorage: () => TStorage, kind: TKillPoint['kind']): Promise<TCrashOutcome[]> {
  const outcomes: TCrashOutcome[] = []
  for (let count = 0; count < 10_000; count++) {
    const outcome = await crashAndResume(makeStorage(), { kind, count })
    outcomes.push(outcome)
    if (!outcome.killed) break
  }
  const crashes = outcomes.filter((outcome) => outcome.killed).length
  recordSuiteTotal(SUITE, 'crashes', crashes)
  return outcomes
}

describe('crash consistency: a turn killed anywhere leaves a log that verifies, keeps every acknowledged message and resumes', () => {
  it.each([
    ['memory', memoryStorage],
    ['indexeddb', indexedDBStorage]
  ] as const)('%s store, killed before each write (between events)', async (_name, makeStorage) => {
    const outcomes = await killEverywhere(makeStorage, 'writes')
    // Every write of the turn was a kill point, and the kills stored every prefix of the history.
    expect(outcomes.length).toBeGreaterThan(8)
    expect(new Set(outcomes.map((outcome) => outcome.messages))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7]))
  })

  it.each([
    ['memory', memoryStorage],
    ['indexeddb', indexedDBStorage]
  ] as const)('%s store, killed at each streamed text piece (mid-stream)', async (_name, makeStorage) => {
    const outcomes = await killEverywhere(makeStorage, 'deltas')
    expect(outcomes.filter((outcome) => outcome.killed)).toHaveLength(9)
  })

  it('indexeddb store, killed after each put (mid-batch: the open transaction never commits)', async () => {
    const outcomes = await killEverywhere(indexedDBStorage, 'puts')
    const final = outcomes.at(-1)
    expect(final?.killed).toBe(false)
    // A kill inside a transaction never leaves part of it: each stored log ends where a whole
    // commit of the run that went through ended, and several kills landed inside one commit.
    const commitEnds = new Set([0, ...(final?.commitEnds ?? [])])
    for (const outcome of outcomes) expect(commitEnds).toContain(outcome.logLength)
    expect(outcomes.length).toBeGreaterThan(commitEnds.size)
  })
}, 120_000)
