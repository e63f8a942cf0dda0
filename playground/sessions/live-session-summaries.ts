import type { THostEvent } from '../../lib/host/agent-host.ts'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TSessionEventDataMap } from '../../lib/session/session-events.ts'
import type { TSessionSummary } from '../../lib/storage/session-store.ts'

/**
 * The session list as the host's events say it is now: a committed message counts at once (the
 * stored record follows at the turn's commits), the session moves to the top as it changes, and a
 * subagent run a listed session starts is listed as it starts, so it can be opened while it runs.
 * Returns `summaries` itself when no event concerns a listed session, so nothing re-renders.
 */
export function applyLiveEvents(summaries: TSessionSummary[], events: readonly THostEvent[]): TSessionSummary[] {
  let changed: TSessionSummary[] | undefined
  for (const hostEvent of events) {
    if (hostEvent.kind !== 'replay') continue
    const { event } = hostEvent
    const list = changed ?? summaries
    const started = startedRun(list, event)
    if (started) {
      changed = [...list, started]
      continue
    }
    // A reset (compaction, /clear) sets the count; an append only ever raises it.
    const appended = event.type === 'history_mutation' ? event.data.index + 1 : undefined
    const replaced = (event as { type: string }).type === 'history_replaced' ? replacedCount(event) : undefined
    if (appended === undefined && replaced === undefined) continue
    const index = list.findIndex((summary) => summary.id === event.sessionId)
    const summary = list[index]
    if (!summary) continue
    changed ??= [...summaries]
    changed[index] = { ...summary, messageCount: replaced ?? Math.max(summary.messageCount, appended ?? 0), updatedAt: Math.max(summary.updatedAt, event.ts) }
  }
  if (!changed) return summaries
  // Newest first, as the stores list them (the page takes only types from lib/).
  return changed.sort((left, right) => right.updatedAt - left.updatedAt || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0))
}

// The summary of a run whose link to a listed parent opens its log, when the run is not listed
// yet. Its record is stored before that first event; the list's next reading replaces this
// summary with it (the run's own model, should its definition choose another).
function startedRun(list: readonly TSessionSummary[], event: TExecutionEventEnvelope): TSessionSummary | undefined {
  if ((event as { type: string }).type !== 'session_link') return undefined
  const link = event.data as unknown as TSessionEventDataMap['session_link']
  const parent = list.find((summary) => summary.id === link.parentSessionId)
  if (!parent || list.some((summary) => summary.id === event.sessionId)) return undefined
  return {
    id: event.sessionId,
    // As the run's record is named.
    name: `${link.agentType}: ${link.description}`,
    createdAt: event.ts,
    updatedAt: event.ts,
    messageCount: 0,
    providerName: parent.providerName,
    model: parent.model,
    parentSessionId: link.parentSessionId,
    parentToolCallId: link.parentToolCallId
  }
}

function replacedCount(event: { data: unknown }): number | undefined {
  const messages = (event.data as { messages?: unknown }).messages
  return Array.isArray(messages) ? messages.length : undefined
}
