import { chainReplayEvents, GENESIS_HASH, verifyReplayLog } from './replay-log/hash-chain.ts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isRobotaError, StorageError } from '../core/errors.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { createLongTestMessage, createTestEvent, createTestEvents, createTestRecord, createTestRequest } from './session-store.fixtures.ts'
import type { ISessionStore } from './session-store.ts'

/** Creates a fresh, empty store for one test. */
export type TSessionStoreFactory = () => Promise<ISessionStore> | ISessionStore

/**
 * The behaviour every `ISessionStore` adapter must show. Call it from the adapter's test file with
 * a factory that returns a fresh, empty store each time.
 */
export function describeSessionStore(name: string, makeStore: TSessionStoreFactory): void {
  describe(`${name} (ISessionStore contract)`, () => {
    let store: ISessionStore

    beforeEach(async () => {
      store = await makeStore()
    })

    afterEach(async () => {
      await store.close?.()
    })

    it('reloads a committed record and its events deep-equal', async () => {
      const record = createTestRecord('s1', { nextEventSeq: 3 })
      const events = createTestEvents('s1', [0, 1, 2])
      await store.commit(record, events)

      expect(await store.loadSession('s1')).toEqual(record)
      expect(await store.loadEvents('s1')).toEqual(events)
    })

    it('loads a missing session as undefined and its events as empty', async () => {
      expect(await store.loadSession('missing')).toBeUndefined()
      expect(await store.loadEvents('missing')).toEqual([])
      expect(await store.listSessions()).toEqual({ sessions: [], corrupt: [] })
    })

    it('lists sessions newest updatedAt first with their message counts and providers', async () => {
      await store.commit(createTestRecord('old', { updatedAt: 100, providerName: 'openai-compatible', model: 'llama3' }), [])
      await store.commit(createTestRecord('new', { updatedAt: 300, messages: [] }), [])
      await store.commit(createTestRecord('middle', { name: 'Middle', createdAt: 50, updatedAt: 200 }), [])

      const listing = await store.listSessions()
      expect(listing.corrupt).toEqual([])
      expect(listing.sessions).toEqual([
        { id: 'new', name: 'Session new', createdAt: 1_000, updatedAt: 300, messageCount: 0, providerName: 'anthropic', model: 'claude-sonnet-4-6' },
        { id: 'middle', name: 'Middle', createdAt: 50, updatedAt: 200, messageCount: 4, providerName: 'anthropic', model: 'claude-sonnet-4-6' },
        { id: 'old', name: 'Session old', createdAt: 1_000, updatedAt: 100, messageCount: 4, providerName: 'openai-compatible', model: 'llama3' }
      ])
    })

    it('appends events across commits in seq order and keeps the latest record', async () => {
      await store.commit(createTestRecord('s1', { nextEventSeq: 2 }), createTestEvents('s1', [0, 1]))
      await store.commit(createTestRecord('s1', { nextEventSeq: 4, updatedAt: 3_000 }), createTestEvents('s1', [3, 2]))
      await store.commit(createTestRecord('s1', { nextEventSeq: 11, updatedAt: 4_000 }), createTestEvents('s1', [10]))

      expect((await store.loadEvents('s1')).map((event) => event.seq)).toEqual([0, 1, 2, 3, 10])
      expect(await store.loadSession('s1')).toEqual(createTestRecord('s1', { nextEventSeq: 11, updatedAt: 4_000 }))
    })

    it('keeps events of other sessions apart, including ids that share a prefix', async () => {
      await store.commit(createTestRecord('a'), createTestEvents('a', [0, 1]))
      await store.commit(createTestRecord('ab'), createTestEvents('ab', [0]))

      expect((await store.loadEvents('a')).map((event) => event.sessionId)).toEqual(['a', 'a'])
      expect(await store.loadEvents('ab')).toEqual(createTestEvents('ab', [0]))
    })

    it('keeps one copy, the first, when the same seq is committed again', async () => {
      await store.commit(createTestRecord('s1'), createTestEvents('s1', [0, 1]))
      await store.commit(createTestRecord('s1'), createTestEvents('s1', [0, 1]))
      await store.commit(createTestRecord('s1'), [createTestEvent('s1', 1, 'rewritten'), createTestEvent('s1', 2)])
      await store.commit(createTestRecord('s1'), [createTestEvent('s1', 3), createTestEvent('s1', 3, 'duplicate')])

      expect(await store.loadEvents('s1')).toEqual(createTestEvents('s1', [0, 1, 2, 3]))
    })

    it('rejects an event of another session and writes nothing', async () => {
      const original = createTestRecord('s1', { nextEventSeq: 1 })
      await store.commit(original, createTestEvents('s1', [0]))

      const attempt = store.commit(createTestRecord('s1', { name: 'Changed', nextEventSeq: 3, updatedAt: 9_000 }), [
        createTestEvent('s1', 1),
        createTestEvent('other', 2)
      ])

      await expect(attempt).rejects.toBeInstanceOf(StorageError)
      await expect(attempt).rejects.toThrow(/other/)
      expect(await store.loadSession('s1')).toEqual(original)
      expect(await store.loadEvents('s1')).toEqual(createTestEvents('s1', [0]))
      expect(await store.loadEvents('other')).toEqual([])
      expect(await store.loadSession('other')).toBeUndefined()
    })

    it('rejects an invalid record with a StorageError naming the field, and writes nothing', async () => {
      const broken = createTestRecord('s1', {
        messages: [{ id: 'm1', role: 'user', state: 'complete', timestamp: 1 } as unknown as TUniversalMessage]
      })

      const error: unknown = await store.commit(broken, createTestEvents('s1', [0])).catch((caught: unknown) => caught)

      expect(isRobotaError(error) && error.code).toBe('STORAGE_ERROR')
      expect(String((error as Error).message)).toContain('messages[0].content')
      expect(await store.loadSession('s1')).toBeUndefined()
      expect(await store.loadEvents('s1')).toEqual([])
    })

    it("keeps a subagent run's parent on its record, head, message window and listing", async () => {
      const parent = { parentSessionId: 'parent', parentToolCallId: 'call-1' }
      const child = createTestRecord('child', parent)
      await store.commit(createTestRecord('parent', { updatedAt: 1_000 }), [])
      await store.commit(child, [])
      // Committed again, as a running subagent does after each round: the link stays.
      await store.commit({ ...child, updatedAt: 3_000 }, [])

      expect(await store.loadSession('child')).toEqual({ ...child, updatedAt: 3_000 })
      expect(await store.loadSessionHead('child')).toMatchObject(parent)
      expect((await store.loadMessageWindow('child', { count: 1 }))?.summary).toMatchObject(parent)
      const { sessions } = await store.listSessions()
      expect(sessions.map((summary) => [summary.id, summary.parentSessionId, summary.parentToolCallId])).toEqual([
        ['child', 'parent', 'call-1'],
        ['parent', undefined, undefined]
      ])
      // A session a person started has no parent keys at all, so its summary is what it was.
      expect(Object.keys(sessions[1] ?? {})).not.toContain('parentSessionId')
    })

    it('refuses a parent link of the wrong type with a StorageError naming the field, and writes nothing', async () => {
      const broken = createTestRecord('s1', { parentSessionId: 42 as unknown as string })

      const error: unknown = await store.commit(broken, []).catch((caught: unknown) => caught)

      expect(isRobotaError(error) && error.code).toBe('STORAGE_ERROR')
      expect(String((error as Error).message)).toContain('parentSessionId')
      expect(await store.loadSession('s1')).toBeUndefined()
    })

    it('deletes a session together with its events and leaves others alone', async () => {
      await store.commit(createTestRecord('s1'), createTestEvents('s1', [0, 1]))
      await store.commit(createTestRecord('s2'), createTestEvents('s2', [0]))

      await store.deleteSession('s1')
      await store.deleteSession('never-existed')

      expect(await store.loadSession('s1')).toBeUndefined()
      expect(await store.loadEvents('s1')).toEqual([])
      expect((await store.listSessions()).sessions.map((summary) => summary.id)).toEqual(['s2'])
      expect(await store.loadEvents('s2')).toEqual(createTestEvents('s2', [0]))
    })

    it('shares no objects with callers, in or out', async () => {
      const record = createTestRecord('s1')
      const events = createTestEvents('s1', [0])
      await store.commit(record, events)
      record.messages.length = 0
      record.name = 'mutated after commit'
      events[0]!.seq = 99

      const loaded = await store.loadSession('s1')
      loaded!.messages.pop()
      const loadedEvents = await store.loadEvents('s1')
      loadedEvents.pop()

      expect(await store.loadSession('s1')).toEqual(createTestRecord('s1'))
      expect(await store.loadEvents('s1')).toEqual(createTestEvents('s1', [0]))
    })

    it('chains every commit onto the stored log so the whole log verifies', async () => {
      await store.commit(createTestRecord('s1'), createTestEvents('s1', [0, 1]))
      await store.commit(createTestRecord('s1'), createTestEvents('s1', [2]))
      const log = await store.loadReplayLog('s1')
      expect(log.map((record) => record.event.seq)).toEqual([0, 1, 2])
      expect(log[0]?.prevHash).toBe(GENESIS_HASH)
      expect(log[2]?.prevHash).toBe(log[1]?.hash)
      expect(verifyReplayLog(log)).toMatchObject({ ok: true, recordCount: 3 })
      expect(log.map((record) => record.event)).toEqual(await store.loadEvents('s1'))
    })

    it('refuses an event that would go before the stored log, writing nothing', async () => {
      await store.commit(createTestRecord('s1', { nextEventSeq: 5 }), createTestEvents('s1', [4]))
      await expect(store.commit(createTestRecord('s1', { name: 'changed' }), createTestEvents('s1', [2]))).rejects.toThrow(
        /event seq 2 comes after seq 4 in an append-only log/
      )
      expect((await store.loadSession('s1'))?.name).toBe('Session s1')
      expect((await store.loadEvents('s1')).map((event) => event.seq)).toEqual([4])
    })

    it('imports a session with its chain as it was, and refuses a taken id or a broken chain', async () => {
      const records = chainReplayEvents(GENESIS_HASH, createTestEvents('s9', [0, 1, 2]))
      await store.importSession(createTestRecord('s9'), records)
      expect(await store.loadReplayLog('s9')).toEqual(records)
      await expect(store.importSession(createTestRecord('s9'), records)).rejects.toThrow(/already exists/)

      const other = chainReplayEvents(GENESIS_HASH, createTestEvents('s8', [0, 1, 2]))
      const tampered = other.map((record, index) => (index === 1 ? { ...record, event: { ...record.event, ts: 1 } } : record))
      await expect(store.importSession(createTestRecord('s8'), tampered)).rejects.toThrow(/record 1 .* was changed after it was written/)
      expect(await store.loadSession('s8')).toBeUndefined()
    })

    it('knows what it last wrote to each log: record count and last hash, set by commits and imports', async () => {
      expect(await store.loadReplayLogHead('s1')).toBeUndefined()
      await store.commit(createTestRecord('s1'), createTestEvents('s1', [0, 1]))
      await store.commit(createTestRecord('s1'), createTestEvents('s1', [1, 2]))
      await store.commit(createTestRecord('s1'), [])
      const log = await store.loadReplayLog('s1')
      const head = await store.loadReplayLogHead('s1')
      expect(head).toEqual({ recordCount: 3, lastHash: log[2]?.hash })
      expect(verifyReplayLog(log, head)).toMatchObject({ ok: true, recordCount: 3 })

      const imported = chainReplayEvents(GENESIS_HASH, createTestEvents('s9', [0, 1]))
      await store.importSession(createTestRecord('s9'), imported)
      expect(await store.loadReplayLogHead('s9')).toEqual({ recordCount: 2, lastHash: imported[1]?.hash })
      await store.deleteSession('s1')
      expect(await store.loadReplayLogHead('s1')).toBeUndefined()
    })

    it('reads a window of the latest events, and the windows before it, as they were committed', async () => {
      // Three turns, each a commit: a request that names the history of the one before, then a message.
      const history = [createLongTestMessage(0)]
      const committed = [createTestRequest('s1', 0, [...history])]
      await store.commit(createTestRecord('s1', { nextEventSeq: 1 }), committed.slice(0, 1))
      for (let turn = 1; turn <= 2; turn++) {
        const sent = history.length
        history.push(createLongTestMessage(turn))
        const events = [createTestEvent('s1', turn * 2 - 1), createTestRequest('s1', turn * 2, history.slice(sent), { seq: (turn - 1) * 2, count: sent })]
        committed.push(...events)
        await store.commit(createTestRecord('s1', { nextEventSeq: turn * 2 + 1 }), events)
      }

      expect(await store.loadEventWindow('s1', { count: 2 })).toEqual(committed.slice(-2))
      expect(await store.loadEventWindow('s1', { count: 100 })).toEqual(committed)
      expect(await store.loadEventWindow('s1', { count: 2, beforeSeq: 3 })).toEqual(committed.slice(1, 3))
      expect(await store.loadEventWindow('s1', { count: 5, beforeSeq: 1 })).toEqual(committed.slice(0, 1))
      expect(await store.loadEventWindow('s1', { count: 5, beforeSeq: 0 })).toEqual([])
      expect(await store.loadEventWindow('missing', { count: 5 })).toEqual([])
      // The whole read resolves the ranges the window leaves as recorded.
      expect((await store.loadEvents('s1')).at(-1)).toMatchObject({ data: { messages: history } })
    })

    it('reads windows that span many commits of different sizes, as the whole log would slice them', async () => {
      const committed: TExecutionEventEnvelope[] = []
      for (const size of [3, 1, 5, 2, 4, 1, 6]) {
        const events = Array.from({ length: size }, (_unused, offset) => createTestEvent('s1', committed.length + offset))
        committed.push(...events)
        await store.commit(createTestRecord('s1', { nextEventSeq: committed.length }), events)
      }
      for (const count of [1, 2, 5, 7, 11, 22, 50]) {
        expect(await store.loadEventWindow('s1', { count })).toEqual(committed.slice(-count))
        for (const beforeSeq of [1, 4, 9, 13, 21, 40]) {
          expect(await store.loadEventWindow('s1', { count, beforeSeq })).toEqual(committed.filter((event) => event.seq < beforeSeq).slice(-count))
        }
      }
    })

    it('reads a window of requests committed whole, each sending the history again', async () => {
      const history: TUniversalMessage[] = []
      const committed = []
      for (let turn = 0; turn < 4; turn++) {
        history.push(createLongTestMessage(turn))
        const request = createTestRequest('s1', turn, [...history])
        committed.push(request)
        await store.commit(createTestRecord('s1', { nextEventSeq: turn + 1 }), [request])
      }
      expect(await store.loadEventWindow('s1', { count: 1 })).toEqual(committed.slice(-1))
      expect(await store.loadEventWindow('s1', { count: 2, beforeSeq: 3 })).toEqual(committed.slice(1, 3))
    })

    it('reads a session without its messages: every other field and how many messages it has', async () => {
      const record = createTestRecord('s1', { nextEventSeq: 7, settings: { temperature: 0.5 } })
      await store.commit(record, [])
      const { messages, ...head } = record
      expect(await store.loadSessionHead('s1')).toEqual({ ...head, messageCount: messages.length })
      expect(await store.loadSessionHead('missing')).toBeUndefined()
    })

    it('reads a window of the latest messages, and the windows before it, with the summary', async () => {
      const messages = Array.from({ length: 5 }, (_, index) => createLongTestMessage(index))
      await store.commit(createTestRecord('s1', { messages: messages.slice(0, 3) }), [])
      await store.commit(createTestRecord('s1', { messages, updatedAt: 3_000 }), [])
      const summary = { id: 's1', name: 'Session s1', createdAt: 1_000, updatedAt: 3_000, messageCount: 5, providerName: 'anthropic', model: 'claude-sonnet-4-6' }

      expect(await store.loadMessageWindow('s1', { count: 2 })).toEqual({ summary, messages: messages.slice(3), firstIndex: 3 })
      expect(await store.loadMessageWindow('s1', { count: 2, beforeIndex: 3 })).toEqual({ summary, messages: messages.slice(1, 3), firstIndex: 1 })
      expect(await store.loadMessageWindow('s1', { count: 9, beforeIndex: 1 })).toEqual({ summary, messages: messages.slice(0, 1), firstIndex: 0 })
      expect(await store.loadMessageWindow('s1', { count: 9, beforeIndex: 0 })).toEqual({ summary, messages: [], firstIndex: 0 })
      expect(await store.loadMessageWindow('s1', { count: 9, beforeIndex: 50 })).toEqual({ summary, messages, firstIndex: 0 })
      expect(await store.loadMessageWindow('missing', { count: 2 })).toBeUndefined()
      await expect(store.loadMessageWindow('s1', { count: 0 })).rejects.toThrow(/count must be a whole number of at least 1, not 0/)
      await expect(store.loadMessageWindow('s1', { count: 1, beforeIndex: 0.5 })).rejects.toThrow(/beforeIndex must be a whole number of at least 0, not 0.5/)
    })

    it('keeps history rewritten inside earlier commits (a compaction, a cut) whole, and reads windows that start inside them', async () => {
      const message = (id: string) => ({ id, role: 'user' as const, state: 'complete' as const, timestamp: 1, content: `Message ${id}.` })
      const first = Array.from({ length: 10 }, (_, index) => message(`m${index}`))
      await store.commit(createTestRecord('s1', { messages: first.slice(0, 6) }), [])
      await store.commit(createTestRecord('s1', { messages: first }), [])
      const compacted = [...first.slice(0, 2), message('summary'), message('x3')]
      await store.commit(createTestRecord('s1', { messages: compacted }), [])
      const grown = [...compacted, message('x4'), message('x5'), message('x6')]
      await store.commit(createTestRecord('s1', { messages: grown }), [])
      const cut = grown.slice(0, 5)
      await store.commit(createTestRecord('s1', { messages: cut, updatedAt: 3_000 }), [])

      expect((await store.loadSession('s1'))?.messages).toEqual(cut)
      expect(await store.loadSessionHead('s1')).toMatchObject({ messageCount: 5 })
      expect(await store.loadMessageWindow('s1', { count: 2, beforeIndex: 3 })).toMatchObject({ messages: cut.slice(1, 3), firstIndex: 1 })
      expect(await store.loadMessageWindow('s1', { count: 2 })).toMatchObject({ messages: cut.slice(3), firstIndex: 3 })
      await store.commit(createTestRecord('s1', { messages: [...cut, message('x5 again')] }), [])
      expect((await store.loadSession('s1'))?.messages.map((kept) => kept.id)).toEqual(['m0', 'm1', 'summary', 'x3', 'x4', 'x5 again'])
    })

    it('refuses a window that is not a whole count of at least 1, naming the field', async () => {
      await store.commit(createTestRecord('s1', { nextEventSeq: 1 }), createTestEvents('s1', [0]))
      await expect(store.loadEventWindow('s1', { count: 0 })).rejects.toThrow(/count must be a whole number of at least 1, not 0/)
      await expect(store.loadEventWindow('s1', { count: 1.5 })).rejects.toThrow(/count must be a whole number/)
      await expect(store.loadEventWindow('s1', { count: 1, beforeSeq: -1 })).rejects.toThrow(/beforeSeq must be a whole number of at least 0, not -1/)
    })

    it('keeps the latest sandbox snapshot per session and drops it with the session', async () => {
      await store.commit(createTestRecord('s1'), [])
      expect(await store.loadSandboxSnapshot('s1')).toBeUndefined()
      await store.saveSandboxSnapshot('s1', { files: [{ path: '/workspace/a.txt', content: 'one' }] })
      await store.saveSandboxSnapshot('s1', { files: [{ path: '/workspace/a.txt', content: 'two' }] })
      expect(await store.loadSandboxSnapshot('s1')).toEqual({ files: [{ path: '/workspace/a.txt', content: 'two' }] })
      await store.deleteSession('s1')
      expect(await store.loadSandboxSnapshot('s1')).toBeUndefined()
    })
  })
}
