import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'

/** The events of one turn (one `executionId`), numbered from 1 in the order turns began. */
export type TRunTurn = {
  executionId: string
  turn: number
  /** The user's prompt that started the turn, when its history append is among the events. */
  prompt: string | undefined
  events: TExecutionEventEnvelope[]
}

/** Splits a session's events into its turns, keeping `seq` order inside each. */
export function splitRunTurns(events: readonly TExecutionEventEnvelope[]): TRunTurn[] {
  const turns = new Map<string, TRunTurn>()
  for (const event of events) {
    let turn = turns.get(event.executionId)
    if (!turn) {
      turn = { executionId: event.executionId, turn: turns.size + 1, prompt: undefined, events: [] }
      turns.set(event.executionId, turn)
    }
    if (turn.prompt === undefined && event.type === 'history_mutation' && event.data.message.role === 'user') turn.prompt = event.data.message.content
    turn.events.push(event)
  }
  return [...turns.values()]
}
