import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { groupReplayEvents } from './group-replay-events.ts'

/** The events of one turn (one `executionId`), numbered from 1 in the order turns began among the events given. */
export type TRunTurn = {
  executionId: string
  turn: number
  /** The user's prompt that started the turn, when its history append is among the events. */
  prompt: string | undefined
  events: TExecutionEventEnvelope[]
}

/** Splits a session's events into its turns, keeping `seq` order inside each (the event log's grouping, rounds joined). */
export function splitRunTurns(events: readonly TExecutionEventEnvelope[]): TRunTurn[] {
  return groupReplayEvents(events).map(({ executionId, turn, prompt, rounds }) => ({ executionId, turn, prompt, events: rounds.flatMap((round) => round.events) }))
}
