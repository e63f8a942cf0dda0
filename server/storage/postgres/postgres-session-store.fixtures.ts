import { describe, expect, it } from 'vitest'
import { StorageError } from '../../../lib/core/errors.ts'
import { verifyReplayLog } from '../../../lib/storage/replay-log/hash-chain.ts'
import { createTestEvent, createTestEvents, createTestRecord } from '../../../lib/storage/session-store.fixtures.ts'
import { describeSessionStore } from '../../../lib/storage/session-store.contract.ts'
import { recordSuiteTotal } from '../../../lib/testing/suite-totals.ts'
import { PostgresSessionStore } from './postgres-session-store.ts'
import type { ISqlClient } from './sql-client.ts'

const TABLES = 'robota_schema, robota_sessions, robota_events, robota_log_heads, robota_snapshots'

/** Drops the store's tables, so the next store starts empty and creates its schema again. */
export async function dropStoreTables(client: ISqlClient): Promise<void> {
  await client.query(`DROP TABLE IF EXISTS ${TABLES}`)
}

/**
 * The contract suite, concurrent writers and corrupt rows, for a Postgres store over the clients
 * `makeClient` opens on one database (each call a new client, as another process would hold).
 */
export function describePostgresSessionStore(name: string, makeClient: () => ISqlClient): void {
  describeSessionStore(name, async () => {
    const client = makeClient()
    await dropStoreTables(client)
    return new PostgresSessionStore({ client })
  })

  describe(`${name}: writers and stored rows`, () => {
    const freshPair = async () => {
      const setup = makeClient()
      await dropStoreTables(setup)
      await setup.close()
      return [new PostgresSessionStore({ client: makeClient() }), new PostgresSessionStore({ client: makeClient() })] as const
    }

    it.each([
      { first: 0, order: 'the first store starts first' },
      { first: 1, order: 'the second store starts first' }
    ])('serializes two stores committing to one session at once ($order): never interleaved', async ({ first }) => {
      const stores = await freshPair()
      const batches = [createTestEvents('s1', range(0, 40)), createTestEvents('s1', range(40, 80))]
      const [early, late] = first === 0 ? [0, 1] : [1, 0]
      const results = await Promise.allSettled([
        stores[early]!.commit(createTestRecord('s1', { name: `writer ${early}` }), batches[early]!),
        stores[late]!.commit(createTestRecord('s1', { name: `writer ${late}` }), batches[late]!)
      ])
      const head = await stores[0].loadReplayLogHead('s1')
      const log = await stores[1].loadReplayLog('s1')
      expect(verifyReplayLog(log, head)).toMatchObject({ ok: true })
      // Whichever ran first, the other either chained onto its log or was refused whole.
      const seqs = log.map((record) => record.event.seq)
      if (results.every((result) => result.status === 'fulfilled')) {
        expect(seqs).toEqual(range(0, 80))
      } else {
        const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
        expect(refused.reason).toBeInstanceOf(StorageError)
        expect(String(refused.reason)).toMatch(/comes after seq 79 in an append-only log/)
        expect(seqs).toEqual(range(40, 80))
      }
      await Promise.all(stores.map((store) => store.close()))
      recordSuiteTotal('postgres-session-store', 'faults', 1)
    })

    it('runs many small commits from two stores to one session as one unbroken log', async () => {
      const stores = await freshPair()
      await Promise.all(
        range(0, 30).map((seq) => stores[seq % 2]!.commit(createTestRecord('s1', { nextEventSeq: seq + 1 }), [createTestEvent('s1', seq)]).catch((error: unknown) => error))
      )
      const head = await stores[0].loadReplayLogHead('s1')
      const log = await stores[0].loadReplayLog('s1')
      expect(verifyReplayLog(log, head)).toMatchObject({ ok: true, recordCount: head?.recordCount })
      expect(head?.recordCount).toBe(log.length)
      // Seqs only grow: a commit that lost the race to a later seq was refused, never slotted in.
      expect(log.map((record) => record.event.seq)).toEqual([...log.map((record) => record.event.seq)].sort((left, right) => left - right))
      await Promise.all(stores.map((store) => store.close()))
      recordSuiteTotal('postgres-session-store', 'loadRounds', 30)
    })

    it('lists a corrupt row apart and refuses to load it, naming the session and the field', async () => {
      const client = makeClient()
      await dropStoreTables(client)
      const store = new PostgresSessionStore({ client })
      await store.commit(createTestRecord('good'), createTestEvents('good', [0]))
      await store.commit(createTestRecord('broken'), [])
      await client.query(`UPDATE robota_sessions SET record = '{"id":"broken","name":3}' WHERE id = 'broken'`)
      await client.query(`INSERT INTO robota_sessions (id, updated_at, record) VALUES ('garbled', 1, 'not json')`)
      const listing = await store.listSessions()
      expect(listing.sessions.map((session) => session.id)).toEqual(['good'])
      expect(listing.corrupt.map((entry) => entry.id).sort()).toEqual(['broken', 'garbled'])
      await expect(store.loadSession('broken')).rejects.toThrow(/Session "broken" is corrupt: name/)
      await expect(store.loadSession('garbled')).rejects.toThrow(/Session "garbled" is corrupt: its record is not valid JSON/)
      await client.query(`UPDATE robota_events SET envelope = '{"seq":"zero"}' WHERE session_id = 'good'`)
      await expect(store.loadEvents('good')).rejects.toThrow(/Replay event 0 of session "good" is corrupt/)
      await store.close()
      recordSuiteTotal('postgres-session-store', 'badInputs', 3)
    })

    it('stores ids and text SQL would misread as they are', async () => {
      const client = makeClient()
      await dropStoreTables(client)
      const store = new PostgresSessionStore({ client })
      const id = `x'); DROP TABLE robota_sessions; --`
      const record = createTestRecord(id, { name: 'quote \' backslash \\ nul \u0000 emoji 🙂' })
      await store.commit(record, createTestEvents(id, [0]))
      expect(await store.loadSession(id)).toEqual(record)
      expect((await store.listSessions()).sessions.map((session) => session.id)).toEqual([id])
      await store.close()
      recordSuiteTotal('postgres-session-store', 'securityChecks', 1)
    })
  })
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, index) => from + index)
}
