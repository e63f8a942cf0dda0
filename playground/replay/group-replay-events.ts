import type { TExecutionEventEnvelope, TExecutionEventType } from '../../lib/core/execution-events.ts'

/** Consecutive events of one provider round, with the round-less history appends that follow it; `round` is absent before the first. */
export type TReplayRoundGroup = { key: string; round: number | undefined; events: TExecutionEventEnvelope[] }

/**
 * One run of the agent (one submitted prompt) and its rounds, in order. `turn` counts from 1 at
 * the first turn among the events given: the session's own count only when they start at its
 * first event. `startTs` is the time of the turn's first event, shown or not, so times within the
 * turn do not move with the filters.
 */
export type TReplayTurnGroup = { executionId: string; turn: number; prompt: string | undefined; startTs: number; rounds: TReplayRoundGroup[] }

/**
 * Groups a session's events into turns (by `executionId`) and, inside each, into runs of
 * consecutive events sharing a round (a round-less event joins the round before it), keeping `seq` order. `shown` filters events first;
 * turns keep their number, prompt and start even when the filter hides the event that carried it.
 */
export function groupReplayEvents(
  events: readonly TExecutionEventEnvelope[],
  shown: (event: TExecutionEventEnvelope) => boolean = () => true
): TReplayTurnGroup[] {
  const turns: TReplayTurnGroup[] = []
  const byExecution = new Map<string, TReplayTurnGroup>()
  for (const event of events) {
    let turn = byExecution.get(event.executionId)
    if (!turn) {
      turn = { executionId: event.executionId, turn: byExecution.size + 1, prompt: undefined, startTs: event.ts, rounds: [] }
      byExecution.set(event.executionId, turn)
    }
    if (turn.prompt === undefined && event.type === 'history_mutation' && event.data.message.role === 'user' && event.round === undefined) {
      turn.prompt = event.data.message.content
    }
    if (!shown(event)) continue
    if (turn.rounds.length === 0) turns.push(turn)
    const last = turn.rounds.at(-1)
    // History appends carry no round; they belong with the round that produced them.
    if (last && (last.round === event.round || (event.round === undefined && last.round !== undefined))) last.events.push(event)
    else {
      // Keyed by round, not by its first event: when the shown events change, a round keeps its rows.
      const key = `${event.executionId}:${event.round ?? 'start'}`
      turn.rounds.push({ key: turn.rounds.some((round) => round.key === key) ? `${key}:${event.seq}` : key, round: event.round, events: [event] })
    }
  }
  return turns
}

/** How many events of each type the session has, most frequent first. */
export function countEventTypes(events: readonly TExecutionEventEnvelope[]): Array<[TExecutionEventType, number]> {
  const counts = new Map<TExecutionEventType, number>()
  for (const event of events) counts.set(event.type, (counts.get(event.type) ?? 0) + 1)
  // Types are ASCII identifiers, so ties go in code-unit order: a page's first `localeCompare`
  // loads collation data (15-30 ms), which would land in a render while a turn streams.
  return [...counts.entries()].sort((left, right) => right[1] - left[1] || (left[0] < right[0] ? -1 : 1))
}
