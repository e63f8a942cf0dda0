import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isRobotaError } from '../../../lib/core/errors.ts'
import { verifyReplayLog } from '../../../lib/storage/replay-log/hash-chain.ts'
import { createTestEvents, createTestRecord } from '../../../lib/storage/session-store.fixtures.ts'
import { describeSessionStore } from '../../../lib/storage/session-store.contract.ts'
import { recordSuiteTotal } from '../../../lib/testing/suite-totals.ts'
import { createPGliteSqlClient, type TPGliteDatabase } from './pglite-sql-client.ts'
import { describePostgresSessionStore } from './postgres-session-store.fixtures.ts'
import { PostgresSessionStore } from './postgres-session-store.ts'

// One in-process database for the file; every store starts from dropped tables, so each test
// also creates the schema again.
let database: PGlite
// Starting the WASM database takes seconds on a loaded machine.
beforeAll(async () => {
  database = await PGlite.create()
}, 60_000)
afterAll(async () => {
  await database.close()
})

const client = () => createPGliteSqlClient({ database: database as unknown as TPGliteDatabase })

describePostgresSessionStore('PostgresSessionStore on PGlite', client)

describe('PostgresSessionStore on PGlite', () => {
  it('keeps sessions in a data directory across database restarts', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const dataDir = await mkdtemp(join(tmpdir(), 'robota-pglite-'))
    try {
      const first = new PostgresSessionStore({ client: createPGliteSqlClient({ dataDir }) })
      await first.commit(createTestRecord('s1', { nextEventSeq: 3 }), createTestEvents('s1', [0, 1, 2]))
      await first.close()
      const reopened = new PostgresSessionStore({ client: createPGliteSqlClient({ dataDir }) })
      expect(await reopened.loadSession('s1')).toEqual(createTestRecord('s1', { nextEventSeq: 3 }))
      expect(verifyReplayLog(await reopened.loadReplayLog('s1'), await reopened.loadReplayLogHead('s1'))).toMatchObject({ ok: true, recordCount: 3 })
      await reopened.close()
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 60_000)

  it('refuses to use tables a newer schema wrote, saying so', async () => {
    await database.exec('DROP TABLE IF EXISTS robota_schema, robota_sessions, robota_events, robota_log_heads, robota_snapshots')
    await database.exec('CREATE TABLE robota_schema (version integer NOT NULL); INSERT INTO robota_schema VALUES (99)')
    const store = new PostgresSessionStore({ client: client() })
    const error: unknown = await store.listSessions().catch((caught: unknown) => caught)
    expect(isRobotaError(error) && error.code).toBe('STORAGE_ERROR')
    expect(String(error)).toMatch(/schema version 99, newer than this Robota's 1/)
    await database.exec('DROP TABLE robota_schema')
    recordSuiteTotal('postgres-session-store', 'badInputs', 1)
  })
})
