import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { grewFrom, markEventList, type TEventListMark } from './event-list-growth.ts'
import { ReplayEventGrouper } from './group-replay-events.ts'

/** The events of one turn (one `executionId`), numbered from 1 in the order turns began among the events given. */
export type TRunTurn = {
  executionId: string
  turn: number
  /** The user's prompt that started the turn, when its history append is among the events. */
  prompt: string | undefined
  events: TExecutionEventEnvelope[]
}

/** A grouping of the events of a list as `read` marks it. */
type TGrouping = { read: TEventListMark; grouper: ReplayEventGrouper; turns: readonly TRunTurn[] }

// The panel's pictures (the timeline, the usage chart) each split the same list, again each time a
// streaming turn adds events: the last grouping of a session's list is kept under its first event,
// so a second reader of the list gets it as made and a longer list groups only what it added. Kept
// under an event, it goes when the session's events do.
const groupings = new WeakMap<TExecutionEventEnvelope, TGrouping>()

/**
 * Splits a session's events into its turns, keeping `seq` order inside each (the event log's
 * grouping, rounds joined). The result is shared by every call with the same list: read it, do not
 * change it.
 */
export function splitRunTurns(events: readonly TExecutionEventEnvelope[]): readonly TRunTurn[] {
  const first = events[0]
  if (first === undefined) return []
  const made = groupings.get(first)
  const grew = made !== undefined && grewFrom(made.read, events)
  if (grew && events.length === made.read.count) return made.turns
  const grouper = grew ? made.grouper : new ReplayEventGrouper()
  for (let index = grew ? made.read.count : 0; index < events.length; index++) grouper.add(events[index] as TExecutionEventEnvelope)
  const turns = grouper.turns.map(({ executionId, turn, prompt, rounds }) => ({ executionId, turn, prompt, events: rounds.flatMap((round) => round.events) }))
  groupings.set(first, { read: markEventList(events), grouper, turns })
  return turns
}
