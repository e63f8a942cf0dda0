import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'

/** What a list of events held when it was read: how many, and its first and last event. */
export type TEventListMark = { count: number; first: TExecutionEventEnvelope | undefined; last: TExecutionEventEnvelope | undefined }

/** Marks `events` as read now, for {@link grewFrom}. */
export function markEventList(events: readonly TExecutionEventEnvelope[]): TEventListMark {
  return { count: events.length, first: events[0], last: events[events.length - 1] }
}

/**
 * Whether `events` is the marked list with events added at its end, or as it was. The page's
 * event lists grow by `concat` and change in any other way by a new list of new objects (a reload,
 * earlier events put first): the first and the last marked event tell them apart.
 */
export function grewFrom(mark: TEventListMark, events: readonly TExecutionEventEnvelope[]): boolean {
  if (events.length < mark.count) return false
  return mark.count === 0 || (events[0] === mark.first && events[mark.count - 1] === mark.last)
}
