import { describe, expect, it } from 'vitest'
import { StorageError } from '../core/errors.ts'
import { MemorySessionStore } from './memory-session-store.ts'
import { verifyReplayLog } from './replay-log/hash-chain.ts'
import { exportReplayLogJsonl, importReplayLogJsonl } from './replay-log/replay-jsonl.ts'
import { createTestEvent, createTestEvents, createTestRecord, cutMemoryLogTail } from './session-store.fixtures.ts'
import { describeSessionStore } from './session-store.contract.ts'

describeSessionStore('MemorySessionStore', () => new MemorySessionStore())

describe('MemorySessionStore', () => {
  it('rejects a value structured clone cannot copy and writes nothing', async () => {
    const store = new MemorySessionStore()
    const uncloneable = createTestEvent('s1', 1)
    Object.assign(uncloneable.data, { callback: () => undefined })

    await expect(store.commit(createTestRecord('s1'), [createTestEvent('s1', 0), uncloneable])).rejects.toBeInstanceOf(StorageError)
    expect(await store.loadSession('s1')).toBeUndefined()
    expect(await store.loadEvents('s1')).toEqual([])
  })

  it('tells a log cut at its tail from a whole one: verify fails and its export does not import', async () => {
    const store = new MemorySessionStore()
    await store.commit(createTestRecord('s1', { nextEventSeq: 3 }), createTestEvents('s1', [0, 1, 2]))
    cutMemoryLogTail(store, 's1')
    const head = await store.loadReplayLogHead('s1')
    const log = await store.loadReplayLog('s1')
    // The chain alone cannot tell: every link that is left still holds.
    expect(verifyReplayLog(log)).toMatchObject({ ok: true, recordCount: 2 })
    expect(verifyReplayLog(log, head)).toEqual({ ok: false, index: 2, reason: 'the log is cut short: the store wrote 3 records, 2 are left' })
    expect(() => importReplayLogJsonl(exportReplayLogJsonl('s1', log, head))).toThrow(/the file is truncated: the header announces 3 records, the file holds 2/)
  })

  it('tells a log cut and then written again from a whole one', async () => {
    const store = new MemorySessionStore()
    await store.commit(createTestRecord('s1'), createTestEvents('s1', [0, 1, 2]))
    cutMemoryLogTail(store, 's1', 2)
    await store.commit(createTestRecord('s1'), createTestEvents('s1', [3, 4]))
    const head = await store.loadReplayLogHead('s1')
    expect(verifyReplayLog(await store.loadReplayLog('s1'), head)).toMatchObject({ ok: false, index: 3, reason: expect.stringMatching(/cut short/) })
  })
})
