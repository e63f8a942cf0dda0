import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { stubIndexedDBGlobals } from './fake-indexeddb.fixtures.ts'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { LocalAgentHost } from '../../host/local-agent-host.ts'
import { ScriptedProvider } from '../../testing/scripted-provider.ts'
import { recordSuiteTotal } from '../../testing/suite-totals.ts'
import { createTestEvent, createTestEvents, createTestRecord } from '../session-store.fixtures.ts'
import { IndexedDBSessionStore } from './indexeddb-session-store.ts'
import { openRaw, putRaw, readRaw, type TRawStoreName } from './raw-indexeddb.fixtures.ts'

// Records corrupted on disk (by another version, an extension, a hand edit): written raw into
// the `sessions` and `events` stores, then listed and loaded through the store and the host.
// Each is reported naming the session and the field, never crashes the listing, and nothing is
// written over it.

const SUITE = 'IndexedDB corrupt records'

stubIndexedDBGlobals()

/** Every value of the four stores, as stored. */
async function readAllRaw(factory: IDBFactory): Promise<Record<TRawStoreName, unknown[]>> {
  return {
    sessions: await readRaw(factory, 'sessions'),
    messages: await readRaw(factory, 'messages'),
    events: await readRaw(factory, 'events'),
    payloads: await readRaw(factory, 'payloads')
  }
}

function createHost(store: IndexedDBSessionStore): LocalAgentHost {
  return new LocalAgentHost({
    store,
    createSandbox: () => new InMemorySandboxClient(),
    createProvider: () => new ScriptedProvider([{ text: 'never reached' }]),
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    eventIntervalMs: 1,
    permissionMode: 'bypassPermissions'
  })
}

const valid = createTestRecord('bad')
const headOf = ({ messages: _messages, ...head }: typeof valid) => head
const [systemMessage, userMessage, assistantMessage] = valid.messages

type TCorruptRecord = { name: string; value: unknown; field: RegExp }

const RECORDS: TCorruptRecord[] = [
  { name: 'messages stored as text', value: { ...valid, messages: 'user: hi' }, field: /^messages: / },
  { name: 'a numeric name', value: { ...valid, name: 42 }, field: /^name: / },
  { name: 'a date string for createdAt', value: { ...valid, createdAt: '2026-01-01' }, field: /^createdAt: / },
  { name: 'a negative next seq', value: { ...valid, nextEventSeq: -1 }, field: /^nextEventSeq: / },
  { name: 'a fractional next seq', value: { ...valid, nextEventSeq: 2.5 }, field: /^nextEventSeq: / },
  { name: 'no model', value: (({ model: _model, ...rest }) => rest)(valid), field: /^model: / },
  { name: 'an empty id', value: { ...valid, id: '' }, field: /^id: / },
  { name: 'a message of an unknown role', value: { ...valid, messages: [systemMessage, { ...userMessage, role: 'admin' }] }, field: /^messages\[1\]\.role: / },
  { name: 'a message whose content is an object', value: { ...valid, messages: [{ ...userMessage, content: { text: 'hi' } }] }, field: /^messages\[0\]\.content: / },
  { name: 'a tool call without a name', value: { ...valid, messages: [{ ...assistantMessage, toolCalls: [{ id: 'c1', arguments: {} }] }] }, field: /^messages\[0\]\.toolCalls\[0\]\.name: / },
  { name: 'a tool result without its call id', value: { ...valid, messages: [{ id: 'm-tool', role: 'tool', state: 'complete', timestamp: 4, content: 'README.md', toolName: 'Bash' }] }, field: /^messages\[0\]\.toolCallId: / },
  { name: 'metadata nested two levels deep', value: { ...valid, messages: [{ ...userMessage, metadata: { usage: { nested: { deep: 1 } } } }] }, field: /^messages\[0\]\.metadata\.usage/ },
  { name: 'a message state nobody writes', value: { ...valid, messages: [{ ...userMessage, state: 'pending' }] }, field: /^messages\[0\]\.state: / },
  { name: 'a hole in the messages', value: { ...valid, messages: [userMessage, null] }, field: /^messages\[1\]: / },
  { name: 'a numeric parent session id', value: { ...valid, parentSessionId: 42 }, field: /^parentSessionId: / },
  // A head as schema 7 writes it (messages apart): the listing reads heads alone.
  { name: 'a head whose parent tool call id is an object', value: { ...headOf(valid), messageCount: 0, parentToolCallId: { id: 'c1' } }, field: /^parentToolCallId: / }
]

describe('corrupt session records in IndexedDB are reported, never crash, never get overwritten', () => {
  it('holds at least 10 corrupt records', () => {
    expect(RECORDS.length).toBeGreaterThanOrEqual(10)
  })

  it.each(RECORDS)('$name', async ({ value, field }) => {
    const factory = new IDBFactory()
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    await store.commit(createTestRecord('good', { nextEventSeq: 2 }), createTestEvents('good', [0, 1]))
    await putRaw(factory, 'sessions', value)
    const id = (value as { id: string }).id
    const before = await readAllRaw(factory)
    const host = createHost(store)

    const listing = await host.listSessions()
    expect(listing.sessions.map((summary) => summary.id)).toEqual(['good'])
    expect(listing.corrupt).toEqual([{ id, reason: expect.stringMatching(field) }])
    const named = new RegExp(`Session "${id}" is corrupt: ${field.source.replace(/^\^/, '')}`)
    await expect(store.loadSession(id)).rejects.toMatchObject({ code: 'STORAGE_ERROR', message: expect.stringMatching(named) })
    await expect(host.openSession(id)).rejects.toThrow(named)
    // Opened as the playground opens it, reading windows of the record instead of all of it.
    await expect(host.openSession(id, { latestMessages: 60, latestEvents: 2_000 })).rejects.toThrow(named)
    await expect(store.loadSessionHead(id)).rejects.toMatchObject({ code: 'STORAGE_ERROR', message: expect.stringMatching(named) })
    await expect(host.submit(id, 'Carry on.')).rejects.toThrow(named)
    await expect(host.renameSession(id, 'Renamed')).rejects.toThrow(named)
    expect((await host.openSession('good')).messages).toHaveLength(4)

    expect(await readAllRaw(factory)).toEqual(before)
    await store.close()
    recordSuiteTotal(SUITE, 'badInputs')
  })
})

const goodEvents = createTestEvents('good', [0, 1, 2])

type TCorruptEvent = { name: string; corrupt: (stored: Record<string, unknown>) => Record<string, unknown>; problem: RegExp; verifies: 'throws' | 'breaks' }

const EVENTS: TCorruptEvent[] = [
  { name: 'an event whose data is text', corrupt: (event) => ({ ...event, data: 'appended' }), problem: /Replay event 1 of session "good" is corrupt: data: /, verifies: 'throws' },
  { name: 'an event with an empty type', corrupt: (event) => ({ ...event, type: '' }), problem: /Replay event 1 of session "good" is corrupt: type: /, verifies: 'throws' },
  { name: 'an event with a text timestamp', corrupt: (event) => ({ ...event, ts: 'yesterday' }), problem: /Replay event 1 of session "good" is corrupt: ts: /, verifies: 'throws' },
  { name: 'an event with a numeric execution id', corrupt: (event) => ({ ...event, executionId: 7 }), problem: /Replay event 1 of session "good" is corrupt: executionId: /, verifies: 'throws' },
  { name: 'an event whose payload was edited', corrupt: (event) => ({ ...event, data: { ...(event.data as object), edited: true } }), problem: /record 1 \(seq 1\) was changed after it was written/, verifies: 'breaks' },
  { name: 'an event that lost its chain links', corrupt: ({ hash: _hash, prevHash: _prevHash, ...event }) => event, problem: /record 1 does not follow record 0: the chain is broken/, verifies: 'breaks' }
]

describe('corrupt replay events in IndexedDB are reported naming the event, and nothing is written', () => {
  it.each(EVENTS)('$name', async ({ corrupt, problem, verifies }) => {
    const factory = new IDBFactory()
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    await store.commit(createTestRecord('good', { nextEventSeq: 3 }), goodEvents)
    // The commit stored its three events as one batch: the second event inside it is damaged.
    const batch = (await readAllRaw(factory)).events[0] as { events: Record<string, unknown>[] }
    await putRaw(factory, 'events', { ...batch, events: batch.events.map((event, index) => (index === 1 ? corrupt(event) : event)) })
    const before = await readAllRaw(factory)
    const host = createHost(store)

    if (verifies === 'throws') {
      await expect(store.loadEvents('good')).rejects.toMatchObject({ code: 'STORAGE_ERROR', message: expect.stringMatching(problem) })
      await expect(host.openSession('good')).rejects.toThrow(problem)
      // A window that holds the damaged event reports it the same way.
      await expect(store.loadEventWindow('good', { count: 2 })).rejects.toMatchObject({ code: 'STORAGE_ERROR', message: expect.stringMatching(/of session "good" is corrupt/) })
      await expect(host.verifyReplay('good')).rejects.toThrow(problem)
      await expect(host.exportReplay('good')).rejects.toThrow(problem)
    } else {
      expect(await host.verifyReplay('good')).toEqual({ ok: false, index: 1, reason: expect.stringMatching(problem) })
      // An export of a broken log does not verify on import either: the damage is not laundered.
      await expect(createHost(new IndexedDBSessionStore({ indexedDB: new IDBFactory() })).importReplay(await host.exportReplay('good'))).rejects.toThrow(/^Replay import refused: (record 1|line 3) /)
    }
    expect((await host.listSessions()).sessions.map((summary) => summary.id)).toEqual(['good'])
    expect(await readAllRaw(factory)).toEqual(before)
    await store.close()
    recordSuiteTotal(SUITE, 'badInputs')
  })
})

// Long messages live apart from their events, in `payloads`, referenced by hash.
const longEvents = [0, 1, 2].map((seq) => createTestEvent('good', seq, `message ${seq}: ${'x'.repeat(300)}`))

type TCorruptPayload = { name: string; corrupt: (payload: Record<string, unknown>) => Record<string, unknown> | undefined; problem: RegExp; verifies: 'throws' | 'breaks' }

const PAYLOADS: TCorruptPayload[] = [
  { name: 'a message stored apart has gone', corrupt: () => undefined, problem: /Replay event seq 1 of session "good" refers to a message that is not stored \(sha256:[0-9a-f]{64}\)/, verifies: 'throws' },
  {
    name: 'a message stored apart was edited',
    corrupt: (payload) => ({ ...payload, message: { ...(payload.message as object), content: 'edited' } }),
    problem: /record 1 \(seq 1\) was changed after it was written/,
    verifies: 'breaks'
  }
]

describe('corrupt message payloads in IndexedDB are reported naming the event, and nothing is written', () => {
  it.each(PAYLOADS)('$name', async ({ corrupt, problem, verifies }) => {
    const factory = new IDBFactory()
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    await store.commit(createTestRecord('good', { nextEventSeq: 3 }), longEvents)
    const { payloads } = await readAllRaw(factory)
    expect(payloads).toHaveLength(3)
    const second = (payloads as Array<Record<string, unknown>>).find((payload) => JSON.stringify(payload).includes('message 1:'))
    if (!second) throw new Error('the second message is stored apart')
    const database = await openRaw(factory)
    await new Promise<void>((resolve, reject) => {
      const transaction = database.transaction('payloads', 'readwrite')
      const changed = corrupt(second)
      if (changed) transaction.objectStore('payloads').put(changed)
      else transaction.objectStore('payloads').delete([second.sessionId as string, second.hash as string])
      transaction.oncomplete = () => resolve()
      transaction.onerror = () => reject(transaction.error)
    })
    database.close()
    const before = await readAllRaw(factory)
    const host = createHost(store)

    if (verifies === 'throws') {
      await expect(store.loadEvents('good')).rejects.toMatchObject({ code: 'STORAGE_ERROR', message: expect.stringMatching(problem) })
      await expect(host.openSession('good')).rejects.toThrow(problem)
      await expect(host.exportReplay('good')).rejects.toThrow(problem)
    } else {
      expect(await host.verifyReplay('good')).toEqual({ ok: false, index: 1, reason: expect.stringMatching(problem) })
    }
    expect((await host.listSessions()).sessions.map((summary) => summary.id)).toEqual(['good'])
    expect(await readAllRaw(factory)).toEqual(before)
    await store.close()
    recordSuiteTotal(SUITE, 'badInputs')
  })
})
