import type { THostEvent } from '../../lib/host/agent-host.ts'
import type { TSessionSummary } from '../../lib/storage/session-store.ts'

/**
 * The session list as the host's events say it is now: a committed message counts at once (the
 * stored record follows at the turn's commits), and the session moves to the top as it changes.
 * Returns `summaries` itself when no event concerns a listed session, so nothing re-renders.
 */
export function applyLiveEvents(summaries: TSessionSummary[], events: readonly THostEvent[]): TSessionSummary[] {
  let changed: TSessionSummary[] | undefined
  for (const hostEvent of events) {
    if (hostEvent.kind !== 'replay') continue
    const { event } = hostEvent
    // A reset (compaction, /clear) sets the count; an append only ever raises it.
    const appended = event.type === 'history_mutation' ? event.data.index + 1 : undefined
    const replaced = (event as { type: string }).type === 'history_replaced' ? replacedCount(event) : undefined
    if (appended === undefined && replaced === undefined) continue
    const list = changed ?? summaries
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

function replacedCount(event: { data: unknown }): number | undefined {
  const messages = (event.data as { messages?: unknown }).messages
  return Array.isArray(messages) ? messages.length : undefined
}
