import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'

/** The events recorded up to the commit of message `shown - 1`: what a playback has reached so far. */
export function eventsUpToMessage(events: readonly TExecutionEventEnvelope[], shown: number): TExecutionEventEnvelope[] {
  if (shown <= 0) return []
  const end = events.findIndex((event) => event.type === 'history_mutation' && (event.data as { index: number }).index === shown - 1)
  return end === -1 ? [...events] : events.slice(0, end + 1)
}
