import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { IndexedDBSessionStore } from '../../lib/storage/indexeddb/index.ts'
import { SessionRecorder } from '../../lib/storage/session-recorder.ts'
import { OFFLINE_DEMO_MODEL } from '../../playground/worker/offline-demo/offline-demo-provider.ts'
import { createLongSessionRecord, createLongSessionTurn } from '../storage/long-session-turns.ts'

// Runs inside the playground's page (same origin, so the same IndexedDB as its worker): writes a
// long session turn by turn through `SessionRecorder`, as the worker records one.

/** What was written. */
export type TSeededSession = { sessionId: string; messages: number; events: number }

/** The global this script sets, for `page.evaluate` callers. */
export type TSeedWindow = Window & { robotaSeedLongSession(databaseName: string, name: string, turns: number): Promise<TSeededSession> }

async function seedLongSession(databaseName: string, name: string, turns: number): Promise<TSeededSession> {
  const sessionId = `long-session-${Date.now()}`
  const store = new IndexedDBSessionStore({ databaseName })
  // The offline demo's provider, so the playground opens it as one of its own sessions; updated
  // long ago, so it sorts below the sessions the page makes.
  const record = { ...createLongSessionRecord(sessionId), name, providerName: 'offline-demo', model: OFFLINE_DEMO_MODEL }
  await store.commit(record, [])
  const recorder = new SessionRecorder(store, record)
  const history: TUniversalMessage[] = []
  let seq = 0
  for (let turn = 1; turn <= turns; turn++) {
    const events = createLongSessionTurn(sessionId, turn, seq, history)
    seq += events.length
    for (const event of events) recorder.observe(event)
    recorder.commit(seq)
    await recorder.settle()
  }
  await store.close()
  return { sessionId, messages: history.length, events: seq }
}

Object.assign(globalThis, { robotaSeedLongSession: seedLongSession })
