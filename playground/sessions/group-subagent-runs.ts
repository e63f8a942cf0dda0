import type { TSessionSummary } from '../../lib/storage/session-store.ts'

/** A top-level row of the session list: a session and the subagent runs its turns started, in listing order. */
export type TSessionRow = { session: TSessionSummary; runs: TSessionSummary[] }

/**
 * Folds each subagent run under the session that started it, keeping the listing's order. A run
 * whose parent is not listed (deleted, corrupt, or itself a run) stays a row of its own, so no
 * session ever drops out of the list.
 */
export function groupSubagentRuns(sessions: readonly TSessionSummary[]): TSessionRow[] {
  const parents = new Map(sessions.map((session) => [session.id, session.parentSessionId]))
  const runs = new Map<string, TSessionSummary[]>()
  const rows: TSessionSummary[] = []
  for (const session of sessions) {
    const parent = session.parentSessionId
    // Under a listed parent that is no run itself: one level, and a loop of links folds nothing.
    if (parent === undefined || !parents.has(parent) || parents.get(parent) !== undefined) rows.push(session)
    else runs.set(parent, [...(runs.get(parent) ?? []), session])
  }
  return rows.map((session) => ({ session, runs: runs.get(session.id) ?? [] }))
}
