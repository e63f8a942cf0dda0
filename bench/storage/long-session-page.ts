import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { HostSessionLifecycle, type THostSessionLifecyclePorts } from '../../lib/host/host-session-lifecycle.ts'
import { IndexedDBSessionStore } from '../../lib/storage/indexeddb/index.ts'
import { watchHashedBytes } from '../../lib/storage/hashed-bytes.fixtures.ts'
import { SessionRecorder } from '../../lib/storage/session-recorder.ts'
import { createLongSessionRecord, createLongSessionTurn } from './long-session-turns.ts'

// Runs inside Chromium: a long session recorded through `SessionRecorder` into the browser's own
// IndexedDB, as the worker records one, turn by turn.

/** What one long session cost: per-turn write times of an early and a late window, and bytes. */
export type TLongSessionSample = {
  turns: number
  events: number
  earlyTurnMilliseconds: number[]
  lateTurnMilliseconds: number[]
  earlyTurnBytes: number
  lateTurnBytes: number
  openMilliseconds: number[]
  openedMessages: number
  /** The host's open step (`openSession`) with the latest messages only, over a new connection. */
  openLatestMilliseconds: number[]
  openLatestMessages: number
  openLatestEvents: number
  /** Bytes of hashed text (replay chain and message payloads) of turns `early[0]` and `late.at(-1)`. */
  earlyTurnHashedBytes: number
  lateTurnHashedBytes: number
}

/** How many messages and replay events the playground opens a conversation with. */
const LATEST_MESSAGES = 60
const LATEST_EVENTS = 2_000

/** How long listing took over `sessions` stored sessions of `messagesPerSession` messages. */
export type TListingSample = { sessions: number; messagesPerSession: number; milliseconds: number[] }

let databaseCount = 0
let countingBytes = false
let bytesPut = 0
let hashedBytes = 0

// Counts what the store hands IndexedDB (as JSON) while `countingBytes` is on; off, it only forwards.
const put = IDBObjectStore.prototype.put
IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
  if (countingBytes) bytesPut += JSON.stringify(value).length
  return put.call(this, value, key)
}

// Counts the bytes hashed (the replay chain and stored message payloads) while `countingBytes` is on.
watchHashedBytes((bytes) => {
  if (countingBytes) hashedBytes += bytes
})

function freshDatabaseName(): string {
  return `robota-long-session-${Date.now()}-${databaseCount++}`
}

/**
 * Records `turns` turns of one session; times each turn's writes (from its first event to its
 * last write landing) in the windows `early` and `late` (turn numbers from 1), counts the bytes of
 * turn `early[0]`'s and `late.at(-1)`'s writes, then opens the session in new connections.
 */
async function recordLongSession(turns: number, early: number[], late: number[], opens: number): Promise<TLongSessionSample> {
  const databaseName = freshDatabaseName()
  const store = new IndexedDBSessionStore({ databaseName })
  const record = createLongSessionRecord('long')
  await store.commit(record, [])
  const recorder = new SessionRecorder(store, record)
  const history: TUniversalMessage[] = []
  const sample: TLongSessionSample = {
    turns,
    events: 0,
    earlyTurnMilliseconds: [],
    lateTurnMilliseconds: [],
    earlyTurnBytes: 0,
    lateTurnBytes: 0,
    openMilliseconds: [],
    openedMessages: 0,
    openLatestMilliseconds: [],
    openLatestMessages: 0,
    openLatestEvents: 0,
    earlyTurnHashedBytes: 0,
    lateTurnHashedBytes: 0
  }
  const bytesTurns = new Map([[early[0], 'earlyTurnBytes'], [late.at(-1), 'lateTurnBytes']] as const)
  let seq = 0
  for (let turn = 1; turn <= turns; turn++) {
    const events = createLongSessionTurn('long', turn, seq, history)
    seq += events.length
    sample.events += events.length
    const bytesField = bytesTurns.get(turn)
    countingBytes = bytesField !== undefined
    bytesPut = 0
    hashedBytes = 0
    const started = performance.now()
    for (const event of events) recorder.observe(event)
    recorder.commit(seq)
    await recorder.settle()
    const milliseconds = performance.now() - started
    countingBytes = false
    if (bytesField) {
      sample[bytesField] = bytesPut
      sample[bytesField === 'earlyTurnBytes' ? 'earlyTurnHashedBytes' : 'lateTurnHashedBytes'] = hashedBytes
    }
    else if (early.includes(turn)) sample.earlyTurnMilliseconds.push(milliseconds)
    else if (late.includes(turn)) sample.lateTurnMilliseconds.push(milliseconds)
  }
  await store.close()
  for (let open = 0; open < opens; open++) {
    const reopened = new IndexedDBSessionStore({ databaseName })
    const started = performance.now()
    const loaded = await reopened.loadSession('long')
    sample.openMilliseconds.push(performance.now() - started)
    sample.openedMessages = loaded?.messages.length ?? 0
    await reopened.close()
  }
  for (let open = 0; open < opens; open++) {
    const reopened = new IndexedDBSessionStore({ databaseName })
    const host = openingLifecycle(reopened)
    const started = performance.now()
    const view = await host.open('long', { latestMessages: LATEST_MESSAGES, latestEvents: LATEST_EVENTS })
    sample.openLatestMilliseconds.push(performance.now() - started)
    sample.openLatestMessages = view.messages.length
    sample.openLatestEvents = view.events.length
    await reopened.close()
  }
  indexedDB.deleteDatabase(databaseName)
  return sample
}

/**
 * The agent host's open step (`LocalAgentHost.openSession` runs it) over `store`, with only the
 * ports an open uses: the whole host does not bundle into this page (its tool schemas need zod's
 * classes before esbuild's module order defines them).
 */
function openingLifecycle(store: IndexedDBSessionStore): HostSessionLifecycle {
  const loadRecord = async (sessionId: string) => {
    const record = await store.loadSession(sessionId)
    if (!record) throw new Error(`No session ${sessionId}.`)
    return record
  }
  const ports = { store, loadRecord, turns: { isRunning: () => false }, sandboxes: { prepareSoon: () => undefined }, pendingPermissions: () => [] }
  return new HostSessionLifecycle(ports as unknown as THostSessionLifecyclePorts)
}

/** Stores `sessions` sessions of `messagesPerSession` messages each, then lists them `runs` times in new connections. */
async function listManySessions(sessions: number, messagesPerSession: number, runs: number): Promise<TListingSample> {
  const databaseName = freshDatabaseName()
  const store = new IndexedDBSessionStore({ databaseName })
  const history: TUniversalMessage[] = []
  for (let turn = 1; history.length < messagesPerSession; turn++) createLongSessionTurn('template', turn, 0, history)
  for (let index = 0; index < sessions; index++) {
    await store.commit({ ...createLongSessionRecord(`session-${index}`), updatedAt: 1_700_000_000_000 + index, messages: history }, [])
  }
  await store.close()
  const milliseconds: number[] = []
  for (let run = 0; run < runs; run++) {
    const reopened = new IndexedDBSessionStore({ databaseName })
    const started = performance.now()
    const listing = await reopened.listSessions()
    milliseconds.push(performance.now() - started)
    if (listing.sessions.length !== sessions) throw new Error(`Listed ${listing.sessions.length} sessions, stored ${sessions}.`)
    await reopened.close()
  }
  indexedDB.deleteDatabase(databaseName)
  return { sessions, messagesPerSession, milliseconds }
}

Object.assign(globalThis, { robotaLongSessionBench: { recordLongSession, listManySessions } })
