import { loadOptionalPackage } from './load-optional-package.ts'
import type { ISqlClient, ISqlQueryable, TSqlRow } from './sql-client.ts'

/** One connection checked out of a `pg` pool. */
export type TPgPoolConnection = ISqlQueryable & { release(error?: Error | boolean): void }

/** The part of a `pg` `Pool` the adapter uses (structural, so no `pg` type leaks into ours). */
export type TPgPool = ISqlQueryable & { connect(): Promise<TPgPoolConnection>; end(): Promise<void> }

/** How to reach the PostgreSQL server: a connection string, or a pool the app already holds. */
export type TPgSqlClientOptions =
  | {
      /** `postgres://user:password@host:5432/database`, or `postgres:///database?host=/var/run/postgresql` for a local socket. */
      connectionString: string
      /** Most connections the pool opens (default 10, as `pg`'s). */
      maxConnections?: number
    }
  | {
      /** A `pg` `Pool` the app owns; `close()` leaves it open. */
      pool: TPgPool
    }

/**
 * An `ISqlClient` over a PostgreSQL server through `pg`'s connection pool. `pg` is imported on
 * first use. A transaction holds one pooled connection from `BEGIN` to `COMMIT` or `ROLLBACK`.
 */
export function createPgSqlClient(options: TPgSqlClientOptions): ISqlClient {
  const ownsPool = !('pool' in options)
  let opening: Promise<TPgPool> | undefined = 'pool' in options ? Promise.resolve(options.pool) : undefined
  const open = (): Promise<TPgPool> => {
    opening ??= 'pool' in options ? Promise.resolve(options.pool) : openPool(options.connectionString, options.maxConnections)
    return opening
  }
  return {
    async query<TRow extends TSqlRow>(text: string, params: readonly unknown[] = []) {
      const pool = await open()
      return pool.query<TRow>(text, params)
    },
    async transaction(work) {
      const connection = await (await open()).connect()
      try {
        await connection.query('BEGIN')
        const result = await work(connection)
        await connection.query('COMMIT')
        connection.release()
        return result
      } catch (error) {
        // A connection whose rollback fails is broken: `release(error)` makes the pool discard it.
        const rollback = await connection.query('ROLLBACK').then(() => undefined, (rollbackError: unknown) => rollbackError)
        connection.release(rollback instanceof Error ? rollback : undefined)
        throw error
      }
    },
    async close() {
      if (!ownsPool || !opening) return
      const pool = await opening.catch(() => undefined)
      opening = undefined
      await pool?.end()
    }
  }
}

async function openPool(connectionString: string, maxConnections: number | undefined): Promise<TPgPool> {
  const module = await loadOptionalPackage('pg', 'The PostgreSQL session store', () => import('pg'))
  const Pool = module.default?.Pool ?? (module as unknown as { Pool: typeof module.default.Pool }).Pool
  return new Pool({ connectionString, max: maxConnections }) as unknown as TPgPool
}
