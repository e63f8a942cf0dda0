import type { ISessionStore } from '../storage/session-store.ts'

/**
 * The ids of the stored sessions that a session's Agent tool started (its subagent runs), read
 * from the listing's summaries; a corrupt record is not among them.
 */
export async function listSubagentRuns(store: ISessionStore, parentSessionId: string): Promise<string[]> {
  const { sessions } = await store.listSessions()
  return sessions.filter((summary) => summary.parentSessionId === parentSessionId).map((summary) => summary.id)
}
