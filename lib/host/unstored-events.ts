import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TSessionEvent } from '../session/session-events.ts'
import type { TMessagePage } from './port/host-sessions.ts'

/** A view's events and messages, read apart. */
export type TViewParts = { events: TExecutionEventEnvelope[]; page: TMessagePage }

/**
 * Joins a running session's stored events and messages with what its turn has published and not
 * stored yet: the events the stored ones do not hold, appended by `seq`, and the messages those
 * events commit, so a view's messages are never behind its events (a page reading the view again
 * applies only the events after the view's last one).
 */
export function joinUnstored(stored: TViewParts, unstored: readonly TExecutionEventEnvelope[]): TViewParts {
  const lastSeq = stored.events.at(-1)?.seq ?? -1
  const newer = unstored.filter((event) => event.seq > lastSeq)
  if (newer.length === 0) return stored
  let messages = [...stored.page.messages]
  let firstIndex = stored.page.firstIndex
  for (const event of newer as readonly TSessionEvent[]) {
    if (event.type === 'history_replaced') {
      messages = [...event.data.messages]
      firstIndex = 0
    } else if (event.type === 'history_mutation') {
      // Before the page: not shown. The record read after the events holds every message before these.
      const at = event.data.index - firstIndex
      if (at >= 0 && at <= messages.length) messages[at] = event.data.message
    }
  }
  return { events: stored.events.concat(newer), page: { messages, firstIndex } }
}
