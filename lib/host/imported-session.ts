import type { TUniversalMessage } from '../core/messages.ts'
import type { TReplayImport } from '../storage/replay-log/replay-jsonl.ts'
import type { TSessionRecord } from '../storage/session-store.ts'
import type { TSessionEvent } from '../session/session-events.ts'

/**
 * The session record an imported log stands for: its messages rebuilt from the log's
 * `history_mutation` events, its provider and model from the first recorded request, its name
 * and its own settings from the export's header.
 */
export function toImportedSessionRecord(imported: TReplayImport, now = Date.now()): TSessionRecord {
  const messages: TUniversalMessage[] = []
  let providerName = 'offline-demo'
  let model = 'offline-demo'
  let foundRequest = false
  for (const record of imported.records) {
    const event = record.event as TSessionEvent
    // Compaction and clear start the history over; later appends index into the new one.
    if (event.type === 'history_replaced') messages.splice(0, messages.length, ...event.data.messages)
    if (event.type === 'history_mutation') messages[event.data.index] = event.data.message
    if (event.type === 'provider_request' && !foundRequest) {
      foundRequest = true
      providerName = event.data.provider
      model = event.data.model
    }
  }
  const first = imported.records[0]?.event
  const last = imported.records.at(-1)?.event
  return {
    id: imported.header.sessionId,
    name: imported.header.name ?? 'Imported session',
    createdAt: first?.ts ?? now,
    updatedAt: now,
    providerName,
    model,
    // A log cut short can skip an index; the rebuilt history keeps only what was committed.
    messages: messages.filter((message) => message !== undefined),
    nextEventSeq: last ? last.seq + 1 : 0,
    ...(imported.header.settings ? { settings: imported.header.settings } : {}),
    ...parentOf(first as TSessionEvent | undefined)
  }
}

// A subagent run's log opens with the link to its parent; imported, it keeps that parent. The
// file is untrusted: a link that is not a pair of ids is left out rather than refusing the import.
function parentOf(first: TSessionEvent | undefined): Pick<TSessionRecord, 'parentSessionId' | 'parentToolCallId'> {
  if (first?.type !== 'session_link') return {}
  const { parentSessionId, parentToolCallId } = first.data
  if (typeof parentSessionId !== 'string' || parentSessionId === '') return {}
  return { parentSessionId, ...(typeof parentToolCallId === 'string' && parentToolCallId !== '' ? { parentToolCallId } : {}) }
}
