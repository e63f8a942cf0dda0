import { loadOptionalPackage } from './load-optional-package.ts'
import type { ISqlClient, ISqlQueryable, TSqlRow } from './sql-client.ts'

/** The part of a PGlite database the adapter uses (kept structural so no PGlite type leaks into ours). */
export type TPGliteDatabase = ISqlQueryable & {
  transaction<TResult>(work: (transaction: ISqlQueryable) => Promise<TResult>): Promise<TResult>
  close(): Promise<void>
}

/** Where PGlite keeps its data: in memory by default, or a directory (Node) to keep it across runs. */
export type TPGliteSqlClientOptions = {
  /** A directory for the database files; omitted, the database lives in memory and ends with the process. */
  dataDir?: string
  /** An open PGlite database to use instead of creating one; `close()` leaves it open. */
  database?: TPGliteDatabase
}

/**
 * An `ISqlClient` over PGlite (`@electric-sql/pglite`, PostgreSQL compiled to WASM, in-process):
 * the embedded default, needing no server. The package is imported on first use.
 */
export function createPGliteSqlClient(options: TPGliteSqlClientOptions = {}): ISqlClient {
  let opening: Promise<TPGliteDatabase> | undefined = options.database ? Promise.resolve(options.database) : undefined
  const open = (): Promise<TPGliteDatabase> => {
    opening ??= openPGlite(options.dataDir)
    return opening
  }
  return {
    async query<TRow extends TSqlRow>(text: string, params: readonly unknown[] = []) {
      const database = await open()
      return database.query<TRow>(text, params)
    },
    async transaction(work) {
      const database = await open()
      return database.transaction(work)
    },
    async close() {
      if (options.database || !opening) return
      const database = await opening.catch(() => undefined)
      opening = undefined
      await database?.close()
    }
  }
}

async function openPGlite(dataDir: string | undefined): Promise<TPGliteDatabase> {
  const module = await loadOptionalPackage('@electric-sql/pglite', 'The PGlite session store', () => import('@electric-sql/pglite'))
  const database = await module.PGlite.create(dataDir)
  return database as unknown as TPGliteDatabase
}
