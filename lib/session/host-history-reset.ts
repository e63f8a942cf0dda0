import { createId } from '../core/create-id.ts'
import type { ISessionStore, TSessionRecord } from '../storage/session-store.ts'
import type { THostEvent } from './agent-host.ts'
import { HostEventLog } from './host-event-log.ts'

/**
 * Empties a stored session's conversation (`/clear`), recorded as a `history_replaced` event so
 * its replay log rebuilds the same, empty history. Returns the record as stored.
 */
export async function clearStoredHistory(store: ISessionStore, record: TSessionRecord, publish: (event: THostEvent) => void): Promise<TSessionRecord> {
  const log = new HostEventLog(record.id, record.nextEventSeq, publish)
  log.record('history_replaced', { reason: 'clear', messages: [] }, createId())
  const cleared: TSessionRecord = { ...record, messages: [], nextEventSeq: log.nextEventSeq, updatedAt: Date.now() }
  await store.commit(cleared, log.events)
  return cleared
}
