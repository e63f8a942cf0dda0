import { StorageError } from '../../../lib/core/errors.ts'
import type { ISqlClient, ISqlQueryable } from './sql-client.ts'

/** The version of the tables this code reads and writes, kept in `robota_schema`. */
export const POSTGRES_SCHEMA_VERSION = 1

// Any constant shared by every Robota process: it only keeps two of them from creating the tables at once.
const SCHEMA_LOCK_KEY = 7_261_044_301

// Version 1. Values are JSON text, not jsonb: jsonb refuses "\u0000" in strings and reorders keys,
// and the store must hand back exactly what it was given.
const VERSION_1 = [
  `CREATE TABLE robota_sessions (
     id text PRIMARY KEY,
     updated_at double precision NOT NULL,
     record text NOT NULL
   )`,
  `CREATE TABLE robota_events (
     session_id text NOT NULL,
     seq bigint NOT NULL,
     prev_hash text NOT NULL,
     hash text NOT NULL,
     envelope text NOT NULL,
     PRIMARY KEY (session_id, seq)
   )`,
  `CREATE TABLE robota_log_heads (
     session_id text PRIMARY KEY,
     record_count integer NOT NULL,
     last_hash text NOT NULL
   )`,
  `CREATE TABLE robota_snapshots (
     session_id text PRIMARY KEY,
     snapshot text NOT NULL
   )`
]

/**
 * Creates the store's tables on first use and checks their version, in one transaction under an
 * advisory lock, so stores starting together on one database create them once.
 * @throws StorageError when a newer Robota wrote the schema.
 */
export async function ensurePostgresSchema(client: ISqlClient): Promise<void> {
  await client.transaction(async (transaction) => {
    await transaction.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY])
    await transaction.query('CREATE TABLE IF NOT EXISTS robota_schema (version integer NOT NULL)')
    const version = await readVersion(transaction)
    if (version === POSTGRES_SCHEMA_VERSION) return
    if (version !== undefined) {
      throw new StorageError(
        `The session tables have schema version ${version}, newer than this Robota's ${POSTGRES_SCHEMA_VERSION}: a newer Robota upgraded this database.`,
        { details: { version, supportedVersion: POSTGRES_SCHEMA_VERSION } }
      )
    }
    for (const statement of VERSION_1) await transaction.query(statement)
    await transaction.query('INSERT INTO robota_schema (version) VALUES ($1)', [POSTGRES_SCHEMA_VERSION])
  })
}

async function readVersion(transaction: ISqlQueryable): Promise<number | undefined> {
  const { rows } = await transaction.query<{ version: number }>('SELECT max(version) AS version FROM robota_schema')
  const version = rows[0]?.version
  return version === null || version === undefined ? undefined : Number(version)
}
