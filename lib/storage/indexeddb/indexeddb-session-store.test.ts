import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { stubIndexedDBGlobals } from './fake-indexeddb.fixtures.ts'
import { StorageError } from '../../core/errors.ts'
import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import type { TUniversalMessage } from '../../core/messages.ts'
import { createTestEvent, createTestEvents, createTestRecord } from '../session-store.fixtures.ts'
import { describeSessionStore } from '../session-store.contract.ts'
import { IndexedDBSessionStore } from './indexeddb-session-store.ts'
import { ROBOTA_DATABASE_VERSION } from './open-robota-database.ts'
import { deleteRaw, openRaw, putRaw, readRaw } from './raw-indexeddb.fixtures.ts'
import { chainReplayEvents, GENESIS_HASH, verifyReplayLog } from '../replay-log/hash-chain.ts'

stubIndexedDBGlobals()

describeSessionStore('IndexedDBSessionStore', () => new IndexedDBSessionStore({ indexedDB: new IDBFactory() }))

/**
 * The events of a session that ran `rounds` rounds: each round a prompt and an answer of 400
 * characters each, and before the answer a `provider_request` holding the whole history so far.
 */
function longSessionEvents(sessionId: string, rounds: number): TExecutionEventEnvelope[] {
  const events: TExecutionEventEnvelope[] = []
  const history: TUniversalMessage[] = []
  const append = (message: TUniversalMessage) => {
    history.push(message)
    events.push({ seq: events.length, ts: events.length, sessionId, executionId: 'e', type: 'history_mutation', data: { mutation: 'append', index: history.length - 1, message } })
  }
  for (let round = 0; round < rounds; round++) {
    append({ id: `u${round}`, role: 'user', state: 'complete', timestamp: round, content: `Question ${round}: ${'q'.repeat(400)}` })
    events.push({ seq: events.length, ts: events.length, sessionId, executionId: 'e', type: 'provider_request', data: { provider: 'p', model: 'm', messages: [...history], tools: [] } })
    append({ id: `a${round}`, role: 'assistant', state: 'complete', timestamp: round, content: `Answer ${round}: ${'a'.repeat(400)}` })
  }
  return events
}

/**
 * Creates the database as an older schema `version` wrote it: a `sessions` store holding the
 * record of session "old" (next seq 3), and whatever else `populate` adds during the upgrade.
 */
function createOlderDatabase(factory: IDBFactory, version: number, populate: (database: globalThis.IDBDatabase) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const request = factory.open('robota', version)
    request.onupgradeneeded = () => {
      request.result.createObjectStore('sessions', { keyPath: 'id' }).put(createTestRecord('old', { nextEventSeq: 3 }))
      populate(request.result)
    }
    request.onsuccess = () => {
      request.result.close()
      resolve()
    }
    request.onerror = () => reject(request.error)
  })
}

describe('IndexedDBSessionStore', () => {
  it('keeps data across closing and reopening on the same factory', async () => {
    const factory = new IDBFactory()
    const first = new IndexedDBSessionStore({ indexedDB: factory })
    await first.commit(createTestRecord('s1', { nextEventSeq: 2 }), createTestEvents('s1', [0, 1]))
    await first.close()

    const second = new IndexedDBSessionStore({ indexedDB: factory })
    expect(await second.loadSession('s1')).toEqual(createTestRecord('s1', { nextEventSeq: 2 }))
    expect(await second.loadEvents('s1')).toEqual(createTestEvents('s1', [0, 1]))
    await second.close()
  })

  it('reports a corrupt record: loadSession throws naming the field, listSessions lists it apart', async () => {
    const factory = new IDBFactory()
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    await store.commit(createTestRecord('good'), [])
    await putRaw(factory, 'sessions', { ...createTestRecord('bad'), messages: 'nope' })

    const error: unknown = await store.loadSession('bad').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(StorageError)
    expect((error as StorageError).message).toMatch(/"bad".*messages/)
    expect((error as StorageError).details).toMatchObject({ sessionId: 'bad', path: 'messages' })

    const listing = await store.listSessions()
    expect(listing.sessions.map((summary) => summary.id)).toEqual(['good'])
    expect(listing.corrupt).toEqual([{ id: 'bad', reason: expect.stringMatching(/^messages: /) }])
    await store.close()
  })

  it('throws a StorageError naming the field of a corrupt event', async () => {
    const factory = new IDBFactory()
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    await store.commit(createTestRecord('s1'), createTestEvents('s1', [0]))
    await putRaw(factory, 'events', { ...createTestEvent('s1', 1), data: 'nope' })

    await expect(store.loadEvents('s1')).rejects.toThrow(/Replay event 1 of session "s1" is corrupt: data/)
    await store.close()
  })

  it('stores the events of each commit as one batch and reports a batch whose events are not a list', async () => {
    const factory = new IDBFactory()
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    await store.commit(createTestRecord('s1', { nextEventSeq: 3 }), createTestEvents('s1', [0, 1, 2]))
    await store.commit(createTestRecord('s1', { nextEventSeq: 5 }), createTestEvents('s1', [3, 4]))
    expect(await store.loadEvents('s1')).toEqual(createTestEvents('s1', [0, 1, 2, 3, 4]))
    expect(verifyReplayLog(await store.loadReplayLog('s1'))).toMatchObject({ ok: true, recordCount: 5 })

    await putRaw(factory, 'events', { sessionId: 's1', seq: 5, lastSeq: 5, events: 'nope' })
    await expect(store.loadEvents('s1')).rejects.toThrow(/Replay event batch at seq 5 of session "s1" is corrupt: events: expected a list/)
    await store.close()
  })

  it('finds seqs already stored across several batches and appends only the new ones', async () => {
    const store = new IndexedDBSessionStore({ indexedDB: new IDBFactory() })
    for (const seqs of [[0, 1], [2, 3], [4, 5]]) await store.commit(createTestRecord('s1'), createTestEvents('s1', seqs))
    await store.commit(createTestRecord('s1'), [createTestEvent('s1', 1, 'again'), createTestEvent('s1', 3, 'again'), createTestEvent('s1', 6)])
    expect(await store.loadEvents('s1')).toEqual(createTestEvents('s1', [0, 1, 2, 3, 4, 5, 6]))
    await expect(store.commit(createTestRecord('s1'), [createTestEvent('s1', 7), createTestEvent('s1', 2, 'again')])).resolves.toBeUndefined()
    expect((await store.loadEvents('s1')).map((event) => event.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect(verifyReplayLog(await store.loadReplayLog('s1'))).toMatchObject({ ok: true, recordCount: 8 })
    await store.close()
  })

  it('upgrades a version 3 database: its single-event values are read beside new batches', async () => {
    const factory = new IDBFactory()
    await createOlderDatabase(factory, 3, (database) => {
      const events = database.createObjectStore('events', { keyPath: ['sessionId', 'seq'] })
      database.createObjectStore('snapshots')
      for (const entry of chainReplayEvents(GENESIS_HASH, createTestEvents('old', [0, 1, 2]))) events.put({ ...entry.event, prevHash: entry.prevHash, hash: entry.hash })
    })
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    await store.commit(createTestRecord('old', { nextEventSeq: 5 }), createTestEvents('old', [2, 3, 4]))
    expect(await store.loadEvents('old')).toEqual(createTestEvents('old', [0, 1, 2, 3, 4]))
    expect(verifyReplayLog(await store.loadReplayLog('old'))).toMatchObject({ ok: true, recordCount: 5 })
    await store.close()
  })

  it('stores each long message once however many provider requests carry it, and gives every event back whole', async () => {
    const factory = new IDBFactory()
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    const rounds = 40
    const events = longSessionEvents('long', rounds)
    // One commit per round, as a running session makes them.
    for (let round = 0; round < rounds; round++) {
      await store.commit(createTestRecord('long', { nextEventSeq: (round + 1) * 3 }), events.slice(round * 3, round * 3 + 3))
    }
    expect(await store.loadEvents('long')).toEqual(events)
    expect(verifyReplayLog(await store.loadReplayLog('long'))).toMatchObject({ ok: true, recordCount: events.length })

    const payloads = await readRaw(factory, 'payloads')
    expect(payloads).toHaveLength(2 * rounds)
    // Inline, the requests would hold rounds² copies of 400-character messages; stored apart, the
    // events hold a 71-character reference per message they carry.
    const inlineSize = JSON.stringify(events).length
    const storedSize = JSON.stringify(await readRaw(factory, 'events')).length + JSON.stringify(payloads).length
    expect(inlineSize).toBeGreaterThan(700_000)
    expect(storedSize).toBeLessThan(inlineSize / 3)

    // A fresh store (a reloaded page) reads the same and writes only what is new.
    const reopened = new IndexedDBSessionStore({ indexedDB: factory })
    expect(await reopened.loadEvents('long')).toEqual(events)
    const more = longSessionEvents('long', rounds + 1).slice(rounds * 3)
    await reopened.commit(createTestRecord('long', { nextEventSeq: (rounds + 1) * 3 }), more)
    expect(await readRaw(factory, 'payloads')).toHaveLength(2 * rounds + 2)
    expect((await reopened.loadEvents('long')).slice(-3)).toEqual(more)

    // An imported log is stored the same way; deleting a session deletes its messages too.
    const copied = (await reopened.loadEvents('long')).map((event) => ({ ...event, sessionId: 'copy' }))
    await reopened.importSession(createTestRecord('copy', { nextEventSeq: copied.length }), chainReplayEvents(GENESIS_HASH, copied))
    expect(await reopened.loadEvents('copy')).toEqual(copied)
    expect(await readRaw(factory, 'payloads')).toHaveLength(2 * (2 * rounds + 2))
    await reopened.deleteSession('long')
    expect(await readRaw(factory, 'payloads')).toHaveLength(2 * rounds + 2)
    expect(verifyReplayLog(await reopened.loadReplayLog('copy'))).toMatchObject({ ok: true })
    await store.close()
    await reopened.close()
  })

  it('reports an event whose message is missing from the payloads, and keeps listing sessions', async () => {
    const factory = new IDBFactory()
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    await store.commit(createTestRecord('s1', { nextEventSeq: 3 }), longSessionEvents('s1', 1))
    const database = await openRaw(factory)
    await new Promise<void>((resolve, reject) => {
      const transaction = database.transaction('payloads', 'readwrite')
      transaction.objectStore('payloads').clear()
      transaction.oncomplete = () => resolve()
      transaction.onerror = () => reject(transaction.error)
    })
    database.close()

    const error: unknown = await store.loadEvents('s1').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(StorageError)
    expect((error as StorageError).message).toMatch(/^Replay event seq 0 of session "s1" refers to a message that is not stored \(sha256:[0-9a-f]{64}\)/)
    await expect(store.loadReplayLog('s1')).rejects.toThrow(/refers to a message that is not stored/)
    expect((await store.listSessions()).sessions.map((summary) => summary.id)).toEqual(['s1'])
    await store.close()
  })

  it('aborts the whole commit when a value cannot be stored', async () => {
    const store = new IndexedDBSessionStore({ indexedDB: new IDBFactory() })
    const uncloneable = createTestEvent('s1', 1)
    Object.assign(uncloneable.data, { callback: () => undefined })

    const attempt = store.commit(createTestRecord('s1'), [createTestEvent('s1', 0), uncloneable])

    await expect(attempt).rejects.toBeInstanceOf(StorageError)
    await expect(attempt).rejects.toThrow(/IndexedDB commit failed for session "s1"/)
    expect(await store.loadSession('s1')).toBeUndefined()
    expect(await store.loadEvents('s1')).toEqual([])
    await store.close()
  })

  it('keeps databases with different names apart', async () => {
    const factory = new IDBFactory()
    const work = new IndexedDBSessionStore({ indexedDB: factory, databaseName: 'work' })
    const play = new IndexedDBSessionStore({ indexedDB: factory, databaseName: 'play' })
    await work.commit(createTestRecord('s1'), [])

    expect(await play.loadSession('s1')).toBeUndefined()
    expect(await work.loadSession('s1')).toEqual(createTestRecord('s1'))
    await Promise.all([work.close(), play.close()])
  })

  it('closes on versionchange so an upgrade elsewhere is not blocked, then reports the newer version', async () => {
    const factory = new IDBFactory()
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    await store.commit(createTestRecord('s1'), [])

    const upgraded = await new Promise<globalThis.IDBDatabase>((resolve, reject) => {
      const request = factory.open('robota', ROBOTA_DATABASE_VERSION + 1)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
      request.onblocked = () => reject(new Error('blocked: the store kept its connection open'))
    })
    upgraded.close()

    await expect(store.loadSession('s1')).rejects.toThrow(/IndexedDB open failed.*VersionError.*newer Robota/)
  })

  it('rejects with a StorageError when no IndexedDB is available', async () => {
    const store = new IndexedDBSessionStore()
    const attempt = store.listSessions()
    await expect(attempt).rejects.toBeInstanceOf(StorageError)
    await expect(attempt).rejects.toThrow(/IndexedDB is not available/)
  })

  it('upgrades a version 1 database: old events get chained and verify, snapshots get a store', async () => {
    const factory = new IDBFactory()
    await createOlderDatabase(factory, 1, (database) => {
      const events = database.createObjectStore('events', { keyPath: ['sessionId', 'seq'] })
      database.createObjectStore('ignored')
      for (const event of [...createTestEvents('old', [0, 1, 2]), ...createTestEvents('other', [0])]) events.put(event)
    })
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    const log = await store.loadReplayLog('old')
    expect(verifyReplayLog(log, await store.loadReplayLogHead('old'))).toMatchObject({ ok: true, recordCount: 3 })
    expect(verifyReplayLog(await store.loadReplayLog('other'), await store.loadReplayLogHead('other'))).toMatchObject({ ok: true, recordCount: 1 })
    expect(await store.loadReplayLogHead('old')).toEqual({ recordCount: 3, lastHash: log[2]?.hash })
    expect(await store.loadEvents('old')).toEqual(createTestEvents('old', [0, 1, 2]))
    await store.commit(createTestRecord('old', { nextEventSeq: 4 }), createTestEvents('old', [3]))
    expect(verifyReplayLog(await store.loadReplayLog('old'))).toMatchObject({ ok: true, recordCount: 4 })
    await store.saveSandboxSnapshot('old', { kept: true })
    expect(await store.loadSandboxSnapshot('old')).toEqual({ kept: true })
    await store.close()
  })

  it('tells a log whose last batch is gone from a whole one, and keeps telling after more commits', async () => {
    const factory = new IDBFactory()
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    await store.commit(createTestRecord('s1', { nextEventSeq: 2 }), createTestEvents('s1', [0, 1]))
    await store.commit(createTestRecord('s1', { nextEventSeq: 4 }), createTestEvents('s1', [2, 3]))
    await store.close()
    await deleteRaw(factory, 'events', ['s1', 2])

    const reopened = new IndexedDBSessionStore({ indexedDB: factory })
    const head = await reopened.loadReplayLogHead('s1')
    expect(verifyReplayLog(await reopened.loadReplayLog('s1'))).toMatchObject({ ok: true, recordCount: 2 })
    expect(verifyReplayLog(await reopened.loadReplayLog('s1'), head)).toMatchObject({ ok: false, index: 2, reason: expect.stringMatching(/cut short: the store wrote 4 records, 2 are left/) })
    await reopened.commit(createTestRecord('s1', { nextEventSeq: 5 }), createTestEvents('s1', [4]))
    expect(verifyReplayLog(await reopened.loadReplayLog('s1'), await reopened.loadReplayLogHead('s1'))).toMatchObject({ ok: false, index: 3 })
    await reopened.close()
  })

  it('upgrades a version 5 database: each stored log gets its head, so a later cut is told', async () => {
    const factory = new IDBFactory()
    await createOlderDatabase(factory, 5, (database) => {
      const events = database.createObjectStore('events', { keyPath: ['sessionId', 'seq'] })
      for (const name of ['snapshots']) database.createObjectStore(name)
      database.createObjectStore('payloads', { keyPath: ['sessionId', 'hash'] })
      const chained = chainReplayEvents(GENESIS_HASH, createTestEvents('old', [0, 1, 2])).map((entry) => ({ ...entry.event, prevHash: entry.prevHash, hash: entry.hash }))
      // A single event as schema 3 wrote it, then a batch as schema 4 and 5 write them.
      events.put(chained[0])
      events.put({ sessionId: 'old', seq: 1, lastSeq: 2, events: chained.slice(1) })
    })
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    const log = await store.loadReplayLog('old')
    expect(await store.loadReplayLogHead('old')).toEqual({ recordCount: 3, lastHash: log[2]?.hash })
    await store.close()
    await deleteRaw(factory, 'events', ['old', 1])
    const reopened = new IndexedDBSessionStore({ indexedDB: factory })
    expect(verifyReplayLog(await reopened.loadReplayLog('old'), await reopened.loadReplayLogHead('old'))).toMatchObject({ ok: false, index: 1 })
    await reopened.close()
  })

  it('upgrades a version 6 database: a whole record reads and lists as before, and its next commit splits it into a head and messages', async () => {
    const factory = new IDBFactory()
    await createOlderDatabase(factory, 6, (database) => {
      database.createObjectStore('events', { keyPath: ['sessionId', 'seq'] })
      database.createObjectStore('payloads', { keyPath: ['sessionId', 'hash'] })
      for (const name of ['snapshots', 'heads']) database.createObjectStore(name)
    })
    const old = createTestRecord('old', { nextEventSeq: 3 })
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    expect(await store.loadSession('old')).toEqual(old)
    expect((await store.listSessions()).sessions).toEqual([expect.objectContaining({ id: 'old', messageCount: old.messages.length })])

    const longer = { ...old, messages: [...old.messages, { id: 'm-new', role: 'user' as const, state: 'complete' as const, timestamp: 9, content: 'More.' }], nextEventSeq: 4 }
    await store.commit(longer, createTestEvents('old', [3]))
    await store.close()
    const database = await openRaw(factory)
    const stored = await new Promise<unknown>((resolve, reject) => {
      const request = database.transaction('sessions').objectStore('sessions').get('old')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    database.close()
    expect(stored).not.toHaveProperty('messages')
    expect(stored).toMatchObject({ id: 'old', messageCount: longer.messages.length })
    const reopened = new IndexedDBSessionStore({ indexedDB: factory })
    expect(await reopened.loadSession('old')).toEqual(longer)
    expect((await reopened.listSessions()).sessions).toEqual([expect.objectContaining({ id: 'old', messageCount: longer.messages.length })])
    await reopened.close()
  })

  it('stores what each commit added as one value of at most 64 messages, and keeps no message a rewrite dropped', async () => {
    const factory = new IDBFactory()
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    const message = (id: string): TUniversalMessage => ({ id, role: 'user', state: 'complete', timestamp: 1, content: `Message ${id}.` })
    const runs = async () => ((await readRaw(factory, 'messages')) as Array<{ index: number; messages: TUniversalMessage[] }>).map((run) => [run.index, run.messages.length])
    const forked = Array.from({ length: 600 }, (_, index) => message(`m${index}`))
    await store.commit(createTestRecord('s1', { messages: forked }), [])
    const runsOf64 = (from: number, to: number) => Array.from({ length: Math.ceil((to - from) / 64) }, (_, run) => [from + run * 64, Math.min(64, to - from - run * 64)])
    expect(await runs()).toEqual(runsOf64(0, 600))

    const turn = [...forked, message('u'), message('a'), message('t'), message('f')]
    await store.commit(createTestRecord('s1', { messages: turn }), [])
    expect(await runs()).toEqual([...runsOf64(0, 600), [600, 4]])

    const rewritten = turn.map((kept, index) => (index === 300 ? message('r300') : kept))
    await store.commit(createTestRecord('s1', { messages: rewritten }), [])
    expect(await runs()).toEqual([...runsOf64(0, 256), ...runsOf64(256, 604)])
    expect(JSON.stringify(await readRaw(factory, 'messages'))).not.toContain('"m300"')
    const reopened = new IndexedDBSessionStore({ indexedDB: factory })
    expect((await reopened.loadSession('s1'))?.messages).toEqual(rewritten)
    await Promise.all([store.close(), reopened.close()])
  })

  it('reads messages that schema 7 stored one per value, and appends and rewrites among them', async () => {
    const factory = new IDBFactory()
    const record = createTestRecord('v7')
    await createOlderDatabase(factory, 7, (database) => {
      for (const name of ['snapshots', 'heads']) database.createObjectStore(name)
      database.createObjectStore('events', { keyPath: ['sessionId', 'seq'] })
      database.createObjectStore('payloads', { keyPath: ['sessionId', 'hash'] })
      database.createObjectStore('messages', { keyPath: ['sessionId', 'index'] })
    })
    const { messages: recordMessages, ...head } = record
    await putRaw(factory, 'sessions', { ...head, messageCount: recordMessages.length })
    for (const [index, message] of recordMessages.entries()) await putRaw(factory, 'messages', { sessionId: 'v7', index, message })
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    const loaded = await store.loadSession('v7')
    expect(loaded).toEqual(record)
    expect(await store.loadMessageWindow('v7', { count: 2, beforeIndex: 3 })).toMatchObject({ messages: record.messages.slice(1, 3), firstIndex: 1 })

    // The loaded message objects, as a session hands them back: the store writes from the first one that changed.
    const added: TUniversalMessage = { id: 'added', role: 'user', state: 'complete', timestamp: 5, content: 'One more.' }
    await store.commit({ ...record, messages: [...(loaded?.messages ?? []), added] }, [])
    const compacted = [...(loaded?.messages ?? []).slice(0, 2), added]
    await store.commit({ ...record, messages: compacted }, [])
    const reopened = new IndexedDBSessionStore({ indexedDB: factory })
    expect((await reopened.loadSession('v7'))?.messages).toEqual(compacted)
    const stored = (await readRaw(factory, 'messages')) as Array<{ index: number; message?: unknown; messages?: unknown[] }>
    expect(stored.map((value) => [value.index, value.messages ? value.messages.length : 'single'])).toEqual([[0, 'single'], [1, 'single'], [2, 1]])
    await Promise.all([store.close(), reopened.close()])
  })

  it('reports a corrupt log head as a StorageError naming the session', async () => {
    const factory = new IDBFactory()
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    await store.commit(createTestRecord('s1'), createTestEvents('s1', [0]))
    await store.close()
    const database = await openRaw(factory)
    await new Promise<void>((resolve, reject) => {
      const transaction = database.transaction('heads', 'readwrite')
      transaction.objectStore('heads').put({ recordCount: 'many' }, 's1')
      transaction.oncomplete = () => resolve()
      transaction.onerror = () => reject(transaction.error)
    })
    database.close()
    const reopened = new IndexedDBSessionStore({ indexedDB: factory })
    await expect(reopened.loadReplayLogHead('s1')).rejects.toThrow(/replay log head of session "s1" is corrupt/)
    await reopened.close()
  })
})
