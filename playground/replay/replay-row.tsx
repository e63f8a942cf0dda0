import { memo } from 'react'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { previewOf } from './event-preview.ts'
import { formatWallClock } from '../shell/wall-clock.ts'
import { formatCallDuration, formatSinceTurnStart } from './format-replay-time.ts'
import type { TReplayRoundRow, TReplayTurnRow } from './replay-rows.ts'
import { turnTitle } from './turn-name.ts'
import { formatCount } from '../shell/format-count.ts'

type TTurnHeaderProps = {
  row: TReplayTurnRow
  /** True while the session's earlier events are not loaded: the turn is counted from the first loaded one. */
  earlierEvents: boolean
  tabStop: boolean
  onToggle: (executionId: string) => void
}

/** A turn's header: its number, prompt and wall-clock start; a button that folds the turn. */
export const TurnHeader = memo(function TurnHeader({ row, earlierEvents, tabStop, onToggle }: TTurnHeaderProps) {
  const startedAt = new Date(row.startTs).toISOString()
  return (
    <h3 className="turn-title">
      <button type="button" className="turn-toggle" aria-expanded={!row.collapsed} tabIndex={tabStop ? 0 : -1} onClick={() => onToggle(row.executionId)}>
        <span className="turn-chevron" aria-hidden="true">
          {row.collapsed ? '▸' : '▾'}
        </span>
        <span className="turn-name">{turnTitle(row.turn, earlierEvents)}</span>
        {row.prompt ? <span className="turn-prompt">{row.prompt}</span> : null}
        <time className="turn-clock" dateTime={startedAt} title={startedAt}>
          {formatWallClock(row.startTs)}
        </time>
        <span className="turn-count">
          {formatCount(row.eventCount)} {row.eventCount === 1 ? 'event' : 'events'}
        </span>
      </button>
    </h3>
  )
})

/** A round's label inside an expanded turn. */
export function RoundHeader({ row }: { row: TReplayRoundRow }) {
  return <h4 className="round-title">{row.round === undefined ? 'before the first round' : `round ${row.round}`}</h4>
}

type TEventRowProps = {
  event: TExecutionEventEnvelope
  sinceTurnStartMs: number
  durationMs: number | undefined
  selected: boolean
  tabStop: boolean
  onSelect: (event: TExecutionEventEnvelope) => void
}

// Events never change once recorded, so a row renders again only when it is selected or focused.
/** One event: its number, time since the turn began, type, a preview and the call's duration. */
export const EventRow = memo(function EventRow({ event, sinceTurnStartMs, durationMs, selected, tabStop, onSelect }: TEventRowProps) {
  return (
    <button type="button" aria-pressed={selected} tabIndex={tabStop ? 0 : -1} onClick={() => onSelect(event)}>
      <span className="seq">#{event.seq}</span>
      <span className="since">{formatSinceTurnStart(sinceTurnStartMs)}</span>
      <span className="event-type">{event.type}</span>
      <span className="event-preview">{previewOf(event)}</span>
      {durationMs === undefined ? null : (
        <span className="duration" title={`took ${formatCallDuration(durationMs)}`}>
          {formatCallDuration(durationMs)}
        </span>
      )}
    </button>
  )
})
