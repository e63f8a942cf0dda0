import { IndexedDBSessionStore } from '../../lib/storage/indexeddb/index.ts'
import { createBenchRecord, createTurnEvents } from './storage-bench-events.ts'

// Runs inside Chromium: the IndexedDB session store against the browser's own IndexedDB.

/** One append run: how many events went in, in batches of how many, and how long it took. */
export type TAppendSample = { events: number; batchSize: number; milliseconds: number }

/** One resume: what was loaded, and how long opening and loading took. */
export type TResumeSample = { events: number; loadedEvents: number; milliseconds: number }

let databaseCount = 0

/** A database of its own for each run, so no run reads another's data. */
function freshStore(): { store: IndexedDBSessionStore; databaseName: string } {
  const databaseName = `robota-bench-${Date.now()}-${databaseCount++}`
  return { store: new IndexedDBSessionStore({ databaseName }), databaseName }
}

/** Appends `events` replay events to one session, `batchSize` per commit, as a recorder would. */
async function appendThroughput(events: number, batchSize: number): Promise<TAppendSample> {
  const { store, databaseName } = freshStore()
  await store.commit(createBenchRecord('bench', 0), [])
  const batches = []
  for (let from = 0; from < events; from += batchSize) batches.push(createTurnEvents('bench', from, Math.min(batchSize, events - from)))
  const started = performance.now()
  for (const batch of batches) {
    const next = (batch.at(-1)?.seq ?? 0) + 1
    await store.commit(createBenchRecord('bench', next), batch)
  }
  const milliseconds = performance.now() - started
  await store.close()
  indexedDB.deleteDatabase(databaseName)
  return { events, batchSize, milliseconds }
}

/**
 * Resumes a session of `events` events the way a reloaded page does: a new store (a new
 * connection), then the record, every event and the sandbox snapshot.
 */
async function resumeTime(events: number, samples: number): Promise<TResumeSample[]> {
  const { store, databaseName } = freshStore()
  for (let from = 0; from < events; from += 1_000) await store.commit(createBenchRecord('bench', from + 1_000), createTurnEvents('bench', from, 1_000))
  await store.saveSandboxSnapshot('bench', { files: { '/workspace/README.md': '# Bench\n'.repeat(100) } })
  await store.close()
  const results: TResumeSample[] = []
  for (let sample = 0; sample < samples; sample++) {
    const reopened = new IndexedDBSessionStore({ databaseName })
    const started = performance.now()
    const [record, loaded, snapshot] = await Promise.all([reopened.loadSession('bench'), reopened.loadEvents('bench'), reopened.loadSandboxSnapshot('bench')])
    const milliseconds = performance.now() - started
    if (!record || snapshot === undefined) throw new Error('The resumed session came back incomplete.')
    results.push({ events, loadedEvents: loaded.length, milliseconds })
    await reopened.close()
  }
  indexedDB.deleteDatabase(databaseName)
  return results
}

Object.assign(globalThis, { robotaStorageBench: { appendThroughput, resumeTime } })
