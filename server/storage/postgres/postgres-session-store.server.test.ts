import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isRobotaError } from '../../../lib/core/errors.ts'
import { createTestRecord } from '../../../lib/storage/session-store.fixtures.ts'
import { createPostgresSessionStore } from './create-postgres-session-store.ts'
import { findPostgresBinaries, startTestPostgresServer, type TTestPostgresServer } from './postgres-cluster.fixtures.ts'
import { describePostgresSessionStore } from './postgres-session-store.fixtures.ts'
import { createPgSqlClient } from './pg-sql-client.ts'

// A real PostgreSQL server: the one `ROBOTA_TEST_POSTGRES_URL` names (its tables are dropped and
// created again), or a throwaway cluster on a Unix socket when the server binaries are installed.
const externalUrl = process.env.ROBOTA_TEST_POSTGRES_URL
const binaries = findPostgresBinaries()
const available = Boolean(externalUrl) || binaries.available
const skipReason = binaries.available ? '' : ` (skipped: ${binaries.reason})`

describe.skipIf(!available)(`PostgresSessionStore on a PostgreSQL server${skipReason}`, () => {
  let server: TTestPostgresServer | undefined
  let connectionString = externalUrl ?? ''

  beforeAll(() => {
    if (externalUrl || !binaries.available) return
    server = startTestPostgresServer(binaries)
    connectionString = server.connectionString
  }, 120_000)

  afterAll(() => server?.stop())

  describePostgresSessionStore('PostgresSessionStore on pg', () => createPgSqlClient({ connectionString, maxConnections: 4 }))

  it('reports a server it cannot reach as a StorageError that does not repeat the password', async () => {
    const store = createPostgresSessionStore({ connectionString: 'postgres://robota:s3cret-password@127.0.0.1:1/robota?connect_timeout=2' })
    const error: unknown = await store.commit(createTestRecord('s1'), []).catch((caught: unknown) => caught)
    expect(isRobotaError(error) && error.code).toBe('STORAGE_ERROR')
    expect(String(error)).toMatch(/PostgreSQL could not prepare the tables for sessions: .*ECONNREFUSED/)
    expect(JSON.stringify({ message: String(error), details: (error as { details?: unknown }).details })).not.toContain('s3cret-password')
    await store.close()
  })
})
