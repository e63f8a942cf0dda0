import type { TExecutionEventEnvelope, TExecutionEventType } from '../../lib/core/execution-events.ts'
import { CallDurationMeter } from './call-durations.ts'
import { rankEventTypes, ReplayEventGrouper, type TReplayTurnGroup } from './group-replay-events.ts'
import { eventRow, flattenReplayRows, roundRow, turnRow, type TReplayRow } from './replay-rows.ts'

/**
 * The event log's rows and figures under one filter and one set of folded turns, kept as the log
 * grows: events appended cost rows of their own and a new header for their turn, not a pass over
 * the whole log, so a turn streaming into a long session updates the panel in the same time as
 * into a short one. Rows already made are shared by every later `rows`.
 */
export class ReplayLogRows {
  /** The rows in order: each shown turn's header, then its rounds' headers and events unless folded. */
  rows: readonly TReplayRow[] = []
  /** Event types and how many events of each, shown or not, most frequent first. */
  counts: Array<[TExecutionEventType, number]> = []
  /** How many events the filter shows, folded turns included. */
  shownCount = 0
  /** How many events were taken. */
  taken = 0
  private readonly grouper: ReplayEventGrouper
  private readonly meter = new CallDurationMeter()
  private readonly typeCounts = new Map<TExecutionEventType, number>()
  // Where each shown turn's header is in `rows`.
  private headers = new Map<TReplayTurnGroup, number>()

  constructor(
    shown: (event: TExecutionEventEnvelope) => boolean,
    private readonly collapsed: ReadonlySet<string>
  ) {
    this.grouper = new ReplayEventGrouper(shown)
  }

  /** The shown turns, in order; the same array, updated, after each `append`. */
  get turns(): readonly TReplayTurnGroup[] {
    return this.grouper.turns
  }

  /** Takes `events` from index `from` on: the events that follow the ones taken before, in `seq` order. */
  append(events: readonly TExecutionEventEnvelope[], from = 0): void {
    if (from >= events.length) return
    // The new rows are gathered apart and joined on in one copy of the exact size: pushed onto a
    // copy, they would make the engine grow (copy) a long log's array once more.
    const added: TReplayRow[] = []
    const touched = new Set<TReplayTurnGroup>()
    let laidOutAgain = false
    for (let index = from; index < events.length; index++) {
      const event = events[index] as TExecutionEventEnvelope
      this.typeCounts.set(event.type, (this.typeCounts.get(event.type) ?? 0) + 1)
      const durationMs = this.meter.measure(event)
      const { turn, round, newTurn, newRound } = this.grouper.add(event)
      touched.add(turn)
      if (!round) continue
      this.shownCount++
      // An event of a turn before the last would go between rows already made: all are made again below.
      if (laidOutAgain || turn !== this.grouper.turns.at(-1)) {
        laidOutAgain = true
        continue
      }
      if (newTurn) {
        this.headers.set(turn, this.rows.length + added.length)
        added.push(turnRow(turn, this.collapsed))
      }
      if (this.collapsed.has(turn.executionId)) continue
      if (newRound) added.push(roundRow(round))
      added.push(eventRow(event, turn, durationMs))
    }
    this.taken = events.length
    this.counts = rankEventTypes(this.typeCounts)
    if (laidOutAgain) {
      this.layOutAgain()
      return
    }
    const rows = this.rows.concat(added)
    // A header counts its turn's events and shows its prompt, which may come after the header.
    for (const turn of touched) {
      const at = this.headers.get(turn)
      if (at !== undefined) rows[at] = turnRow(turn, this.collapsed)
    }
    this.rows = rows
  }

  private layOutAgain(): void {
    this.rows = flattenReplayRows(this.grouper.turns, this.collapsed, this.meter.durations)
    this.headers = new Map()
    let turnIndex = 0
    this.rows.forEach((row, at) => {
      if (row.kind === 'turn') this.headers.set(this.grouper.turns[turnIndex++] as TReplayTurnGroup, at)
    })
  }
}
