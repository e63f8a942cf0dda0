import { ValidationError } from '../lib/core/errors.ts'
import { exportReplayLogJsonl } from '../lib/storage/replay-log/replay-jsonl.ts'
import type { ISessionStore } from '../lib/storage/session-store.ts'

/**
 * A stored session's replay log as the JSONL file the playground imports: the store's head is
 * read before the records, so an export of a log cut short does not import.
 * @throws ValidationError when no session has that id.
 */
export async function exportSessionReplay(store: ISessionStore, sessionId: string): Promise<string> {
  const record = await store.loadSession(sessionId)
  if (!record) throw new ValidationError(`robota: no session "${sessionId}" to export.`)
  const head = await store.loadReplayLogHead(sessionId)
  const records = await store.loadReplayLog(sessionId)
  return exportReplayLogJsonl(sessionId, records, head, record.name, record.settings)
}
