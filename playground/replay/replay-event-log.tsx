import { memo, useCallback, useState } from 'react'
import type { TExecutionEventEnvelope, TExecutionEventType } from '../../lib/core/execution-events.ts'
import { ReplayFilters } from './replay-filters.tsx'
import { ReplaySearchBox } from './replay-search-box.tsx'
import { ReplayTimeline } from './replay-timeline.tsx'
import { useReplayLogRows } from './use-replay-log-rows.ts'
import { useReplaySearch } from './use-replay-search.ts'
import { useAdoptedStylesheet } from '../shell/adopted-stylesheet.ts'
import styles from './replay-event-log.css?inline'

type TReplayEventLogProps = {
  events: readonly TExecutionEventEnvelope[]
  selectedSeq: number | undefined
  onSelect: (event: TExecutionEventEnvelope) => void
  /** True while the session has events before `events` that are not loaded: turns are counted from the first loaded one. */
  earlierEvents: boolean
}

/**
 * The session's whole event log: search, type filters, turns that fold, and one windowed list of
 * turn and round headers and events, however many there are.
 */
export const ReplayEventLog = memo(function ReplayEventLog({ events, selectedSeq, onSelect, earlierEvents }: TReplayEventLogProps) {
  const [hidden, setHidden] = useState<Set<TExecutionEventType>>(new Set())
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set())
  const search = useReplaySearch(events)
  const { rows, counts, turnIds, shownCount } = useReplayLogRows(events, hidden, search.matched, collapsed)

  const toggleTurn = useCallback((executionId: string) => {
    setCollapsed((current) => {
      const next = new Set(current)
      if (!next.delete(executionId)) next.add(executionId)
      return next
    })
  }, [])
  const allCollapsed = turnIds.length > 0 && turnIds.every((executionId) => collapsed.has(executionId))

  const stylesheetRef = useAdoptedStylesheet(styles)
  // The list is mounted, empty, before a session has events: mounting it measures its scroll box,
  // which lays out the whole page, and a first turn's events would otherwise pay that mid-turn,
  // beside the answer streaming in.
  return (
    <div className="event-log" ref={stylesheetRef}>
      {events.length > 0 ? (
        <>
          <ReplayFilters counts={counts} hidden={hidden} onChange={setHidden} />
          <ReplaySearchBox search={search} shownCount={shownCount} totalCount={events.length} />
          <div className="event-log-folds">
            <button type="button" className="link" disabled={allCollapsed} onClick={() => setCollapsed(new Set(turnIds))}>
              Collapse all turns
            </button>
            <button type="button" className="link" disabled={collapsed.size === 0} onClick={() => setCollapsed(new Set())}>
              Expand all turns
            </button>
          </div>
          {rows.length === 0 ? <p className="note">No event matches the search and filters.</p> : null}
        </>
      ) : null}
      <ReplayTimeline rows={rows} selectedSeq={selectedSeq} onSelect={onSelect} onToggleTurn={toggleTurn} earlierEvents={earlierEvents} />
    </div>
  )
})
