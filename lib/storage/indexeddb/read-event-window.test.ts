import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import { createTestEvent, createTestRecord } from '../session-store.fixtures.ts'
import { stubIndexedDBGlobals } from './fake-indexeddb.fixtures.ts'
import { IndexedDBSessionStore } from './indexeddb-session-store.ts'
import { deleteRaw } from './raw-indexeddb.fixtures.ts'

stubIndexedDBGlobals()

describe('an event window over a log that skips seqs', () => {
  it('reads the batches before the gap until the window is full', async () => {
    const factory = new IDBFactory()
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    const committed: TExecutionEventEnvelope[] = []
    for (const size of [4, 3, 5, 2]) {
      const events = Array.from({ length: size }, (_unused, offset) => createTestEvent('s1', committed.length + offset))
      committed.push(...events)
      await store.commit(createTestRecord('s1', { nextEventSeq: committed.length }), events)
    }
    // The third commit's batch (seqs 7 to 11) is gone: seqs 12 and 13 follow seq 6.
    await deleteRaw(factory, 'events', ['s1', 7])
    const kept = committed.filter((event) => event.seq < 7 || event.seq > 11)

    expect(await store.loadEventWindow('s1', { count: 4 })).toEqual(kept.slice(-4))
    expect(await store.loadEventWindow('s1', { count: 6 })).toEqual(kept.slice(-6))
    expect(await store.loadEventWindow('s1', { count: 20 })).toEqual(kept)
    expect(await store.loadEventWindow('s1', { count: 3, beforeSeq: 13 })).toEqual([committed[5], committed[6], committed[12]])
  })
})
