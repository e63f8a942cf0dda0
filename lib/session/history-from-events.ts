import { createId } from '../core/create-id.ts'
import { messageToHistoryEntry, type IHistoryEntry } from '../core/history.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { TSessionEvent } from './session-events.ts'
import { toToolEventEntry, ToolActivityTracker } from './tool-activity-tracker.ts'

/**
 * Rebuilds the full display history of a stored session from its replay events: chat entries
 * from `history_mutation`, `tool-start` / `tool-end` entries from tool execution events, and an
 * entry for each compaction or clear. A log without history events (an older or imported one)
 * falls back to the record's messages.
 */
export function historyFromEvents(events: readonly TSessionEvent[], fallbackMessages: readonly TUniversalMessage[]): IHistoryEntry[] {
  if (!events.some((event) => event.type === 'history_mutation' || event.type === 'history_replaced')) {
    return fallbackMessages.map(messageToHistoryEntry)
  }
  const entries: IHistoryEntry[] = []
  const tools = new ToolActivityTracker()
  for (const event of events) {
    if (event.type === 'history_mutation') {
      entries.push(messageToHistoryEntry(event.data.message))
      continue
    }
    if (event.type === 'compaction') {
      entries.push({ id: createId(), timestamp: event.ts, category: 'event', type: 'compaction', data: { ...event.data } })
      continue
    }
    if (event.type === 'history_replaced') {
      if (event.data.reason === 'clear') entries.length = 0
      // A fork starts from copied messages, which its own log has no appends for.
      if (event.data.reason === 'fork') entries.push(...event.data.messages.map(messageToHistoryEntry))
      continue
    }
    const transition = tools.observe(event)
    if (transition) entries.push(toToolEventEntry(transition.kind === 'tool_start' ? 'tool-start' : 'tool-end', transition.state, event.ts))
  }
  return entries
}
