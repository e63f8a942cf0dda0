import { describe, expect, it } from 'vitest'
import { StorageError } from '../core/errors.ts'
import { MemorySessionStore } from './memory-session-store.ts'
import { createTestEvent, createTestRecord } from './session-store.fixtures.ts'
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
})
