/** One row of a query's result, keyed by column name. */
export type TSqlRow = Record<string, unknown>

/** What runs a parameterized statement: a whole database client or one open transaction. */
export interface ISqlQueryable {
  /** Runs `text` with `$1…$n` bound to `params` and returns its rows. */
  query<TRow extends TSqlRow = TSqlRow>(text: string, params?: readonly unknown[]): Promise<{ rows: TRow[] }>
}

/**
 * The small SQL port the Postgres session store runs on: statements, transactions and closing.
 * Adapters: `createPgSqlClient` (a PostgreSQL server through `pg`) and `createPGliteSqlClient`
 * (PGlite, PostgreSQL in-process).
 */
export interface ISqlClient extends ISqlQueryable {
  /**
   * Runs `work` in one transaction on one connection: committed when it resolves, rolled back when
   * it throws (the error is rethrown).
   */
  transaction<TResult>(work: (transaction: ISqlQueryable) => Promise<TResult>): Promise<TResult>

  /** Closes the connections the client opened; a client handed in by the caller stays open. */
  close(): Promise<void>
}
