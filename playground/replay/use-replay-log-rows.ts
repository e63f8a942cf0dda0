import { useMemo, useRef } from 'react'
import type { TExecutionEventEnvelope, TExecutionEventType } from '../../lib/core/execution-events.ts'
import { grewFrom, markEventList, type TEventListMark } from './event-list-growth.ts'
import { ReplayLogRows } from './replay-log-rows.ts'
import type { TReplayRow } from './replay-rows.ts'

/** The event log's rows and figures (see `ReplayLogRows`) as one render sees them. */
export type TReplayLogView = {
  rows: readonly TReplayRow[]
  counts: ReadonlyArray<[TExecutionEventType, number]>
  /** The shown turns' execution ids, in order: a new array whenever the rows change. */
  turnIds: readonly string[]
  shownCount: number
}

type TMade = { log: ReplayLogRows; read: TEventListMark; hidden: ReadonlySet<TExecutionEventType>; matched: ReadonlySet<number> | undefined; collapsed: ReadonlySet<string> }

/**
 * The event log's rows for `events` with the types in `hidden` left out, only the `seq`s in
 * `matched` when there is a search, and the turns in `collapsed` folded. While events only grow
 * (a turn streaming in) the rows made for the earlier ones are kept and only the new events are
 * laid out; loaded or earlier events, a filter or a fold make them again.
 */
export function useReplayLogRows(
  events: readonly TExecutionEventEnvelope[],
  hidden: ReadonlySet<TExecutionEventType>,
  matched: ReadonlySet<number> | undefined,
  collapsed: ReadonlySet<string>
): TReplayLogView {
  const made = useRef<TMade | undefined>(undefined)
  return useMemo(() => {
    const previous = made.current
    let log: ReplayLogRows
    if (previous && previous.hidden === hidden && previous.matched === matched && previous.collapsed === collapsed && grewFrom(previous.read, events)) {
      log = previous.log
      log.append(events, log.taken)
    } else {
      log = new ReplayLogRows((event) => !hidden.has(event.type) && (matched === undefined || matched.has(event.seq)), collapsed)
      log.append(events)
    }
    // Kept across renders on purpose: a render React discards leaves a log that a later,
    // longer list still extends, and any other list starts a new one.
    made.current = { log, read: markEventList(events), hidden, matched, collapsed }
    return { rows: log.rows, counts: log.counts, turnIds: log.turns.map((turn) => turn.executionId), shownCount: log.shownCount }
  }, [events, hidden, matched, collapsed])
}
