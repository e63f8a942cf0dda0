import { createPgSqlClient, type TPgSqlClientOptions } from './pg-sql-client.ts'
import { createPGliteSqlClient, type TPGliteSqlClientOptions } from './pglite-sql-client.ts'
import { PostgresSessionStore } from './postgres-session-store.ts'

/**
 * A session store on a PostgreSQL server through `pg` (install `pg`):
 * `createPostgresSessionStore({ connectionString: process.env.DATABASE_URL })`.
 */
export function createPostgresSessionStore(options: TPgSqlClientOptions): PostgresSessionStore {
  return new PostgresSessionStore({ client: createPgSqlClient(options) })
}

/**
 * A session store on PGlite, PostgreSQL in-process (install `@electric-sql/pglite`): in memory by
 * default, or in `dataDir` to keep sessions across restarts. No server needed.
 */
export function createPGliteSessionStore(options: TPGliteSqlClientOptions = {}): PostgresSessionStore {
  return new PostgresSessionStore({ client: createPGliteSqlClient(options) })
}
