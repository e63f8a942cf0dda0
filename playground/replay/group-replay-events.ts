import type { TExecutionEventEnvelope, TExecutionEventType } from '../../lib/core/execution-events.ts'

/** Consecutive events of one provider round, with the round-less history appends that follow it; `round` is absent before the first. */
export type TReplayRoundGroup = { key: string; round: number | undefined; events: TExecutionEventEnvelope[] }

/**
 * One run of the agent (one submitted prompt) and its rounds, in order. `turn` counts from 1 at
 * the first turn among the events given: the session's own count only when they start at its
 * first event. It is 0 on what opens a session rather than runs it (see `opensSession`), which
 * is no turn. `startTs` is the time of the turn's first event, shown or not, so times within the
 * turn do not move with the filters.
 */
export type TReplayTurnGroup = { executionId: string; turn: number; prompt: string | undefined; startTs: number; rounds: TReplayRoundGroup[] }

/** Where `ReplayEventGrouper.add` put an event: its turn, and its round when the event is shown. */
export type TReplayPlacement = {
  turn: TReplayTurnGroup
  /** The round that took the event; absent when the filter hides it. */
  round: TReplayRoundGroup | undefined
  /** True when the event is the turn's first shown one: the turn was just added to `turns`. */
  newTurn: boolean
  /** True when the event began `round`. */
  newRound: boolean
}

/**
 * Groups a session's events into turns (by `executionId`) and, inside each, into runs of
 * consecutive events sharing a round (a round-less event joins the round before it), one event at
 * a time in `seq` order, so a log that grows is grouped once per event. `shown` filters events;
 * turns keep their number, prompt and start even when the filter hides the event that carried it.
 */
export class ReplayEventGrouper {
  /** The turns with a shown event, in the order their first event came. */
  readonly turns: TReplayTurnGroup[] = []
  private readonly byExecution = new Map<string, TReplayTurnGroup>()
  private turnCount = 0

  constructor(private readonly shown: (event: TExecutionEventEnvelope) => boolean = () => true) {}

  /** Takes the next event. */
  add(event: TExecutionEventEnvelope): TReplayPlacement {
    let turn = this.byExecution.get(event.executionId)
    if (!turn) {
      turn = { executionId: event.executionId, turn: opensSession(event) ? 0 : ++this.turnCount, prompt: undefined, startTs: event.ts, rounds: [] }
      this.byExecution.set(event.executionId, turn)
    }
    if (turn.prompt === undefined && event.type === 'history_mutation' && event.data.message.role === 'user' && event.round === undefined) {
      turn.prompt = event.data.message.content
    }
    if (!this.shown(event)) return { turn, round: undefined, newTurn: false, newRound: false }
    const newTurn = turn.rounds.length === 0
    if (newTurn) this.turns.push(turn)
    const last = turn.rounds.at(-1)
    // History appends carry no round; they belong with the round that produced them.
    if (last && (last.round === event.round || (event.round === undefined && last.round !== undefined))) {
      last.events.push(event)
      return { turn, round: last, newTurn, newRound: false }
    }
    // Keyed by round, not by its first event: when the shown events change, a round keeps its rows.
    const key = `${event.executionId}:${event.round ?? 'start'}`
    const round = { key: turn.rounds.some((other) => other.key === key) ? `${key}:${event.seq}` : key, round: event.round, events: [event] }
    turn.rounds.push(round)
    return { turn, round, newTurn, newRound: true }
  }
}

/**
 * Whether `event`, the first of its execution, opens the session rather than runs a prompt: a
 * fork's copied history (the allowances copied with it follow), a subagent run's link to its
 * parent, or SessionStart hooks run as a session starts or resumes. Each is recorded apart from
 * any turn, under an execution of its own.
 */
function opensSession(event: TExecutionEventEnvelope): boolean {
  // The log holds the session's own event types beside the core's, which this union does not name.
  const { type, data } = event as { type: string; data: { reason?: unknown; event?: unknown } }
  return type === 'session_link' || (type === 'history_replaced' && data.reason === 'fork') || (type === 'hook_result' && data.event === 'SessionStart')
}

/** Groups events into turns and rounds at once (see `ReplayEventGrouper`). */
export function groupReplayEvents(
  events: readonly TExecutionEventEnvelope[],
  shown: (event: TExecutionEventEnvelope) => boolean = () => true
): TReplayTurnGroup[] {
  const grouper = new ReplayEventGrouper(shown)
  for (const event of events) grouper.add(event)
  return grouper.turns
}

/** Event types and how many events of each there are, most frequent first. */
export function rankEventTypes(counts: ReadonlyMap<TExecutionEventType, number>): Array<[TExecutionEventType, number]> {
  // Types are ASCII identifiers, so ties go in code-unit order: a page's first `localeCompare`
  // loads collation data (15-30 ms), which would land in a render while a turn streams.
  return [...counts.entries()].sort((left, right) => right[1] - left[1] || (left[0] < right[0] ? -1 : 1))
}
