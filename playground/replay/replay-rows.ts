import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TReplayRoundGroup, TReplayTurnGroup } from './group-replay-events.ts'

/** A turn's header: it collapses and expands the turn's rows. */
export type TReplayTurnRow = {
  kind: 'turn'
  key: string
  executionId: string
  turn: number
  prompt: string | undefined
  startTs: number
  /** How many of the turn's events are shown under it (or would be, when collapsed). */
  eventCount: number
  collapsed: boolean
}

/** A round's header inside an expanded turn. */
export type TReplayRoundRow = { kind: 'round'; key: string; round: number | undefined }

/** One event, its time since its turn began, and how long the call it ends took when known. */
export type TReplayEventRow = { kind: 'event'; key: string; event: TExecutionEventEnvelope; sinceTurnStartMs: number; durationMs: number | undefined }

/** One row of the windowed event log. */
export type TReplayRow = TReplayTurnRow | TReplayRoundRow | TReplayEventRow

/**
 * Lays grouped turns out as the event log's rows, in order: each turn's header, then (unless
 * the turn is collapsed) each round's header followed by its events.
 */
export function flattenReplayRows(
  turns: readonly TReplayTurnGroup[],
  collapsed: ReadonlySet<string>,
  durations: ReadonlyMap<number, number> = new Map()
): TReplayRow[] {
  const rows: TReplayRow[] = []
  for (const turn of turns) {
    rows.push(turnRow(turn, collapsed))
    if (collapsed.has(turn.executionId)) continue
    for (const round of turn.rounds) {
      rows.push(roundRow(round))
      for (const event of round.events) rows.push(eventRow(event, turn, durations.get(event.seq)))
    }
  }
  return rows
}

/** A turn's header row, as the turn stands now. */
export function turnRow(turn: TReplayTurnGroup, collapsed: ReadonlySet<string>): TReplayTurnRow {
  let eventCount = 0
  for (const round of turn.rounds) eventCount += round.events.length
  const { executionId, prompt, startTs } = turn
  return { kind: 'turn', key: `turn:${executionId}`, executionId, turn: turn.turn, prompt, startTs, eventCount, collapsed: collapsed.has(executionId) }
}

/** A round's header row. */
export function roundRow(round: TReplayRoundGroup): TReplayRoundRow {
  return { kind: 'round', key: `round:${round.key}`, round: round.round }
}

/** An event's row in its turn. */
export function eventRow(event: TExecutionEventEnvelope, turn: TReplayTurnGroup, durationMs: number | undefined): TReplayEventRow {
  return { kind: 'event', key: `event:${event.seq}`, event, sinceTurnStartMs: event.ts - turn.startTs, durationMs }
}

/** Whether a row takes keyboard focus: turn headers and events do, round headers are labels. */
export function isFocusableRow(row: TReplayRow): boolean {
  return row.kind !== 'round'
}

/** The index of the next focusable row from `from` in `step` direction, or `from` when there is none. */
export function nextFocusableRow(rows: readonly TReplayRow[], from: number, step: 1 | -1): number {
  for (let index = from + step; index >= 0 && index < rows.length; index += step) {
    if (isFocusableRow(rows[index] as TReplayRow)) return index
  }
  return from
}
