import { memo, useId, useMemo, type CSSProperties } from 'react'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { formatDuration } from './format-duration.ts'
import { layoutRunTimeline, type TRunBar, type TRunTimelineTurn } from './run-timeline-layout.ts'
import { turnName, turnsNoun } from './turn-name.ts'
import { useRovingTabStop } from './use-roving-tab-stop.ts'

type TRunTimelineProps = {
  events: readonly TExecutionEventEnvelope[]
  selectedSeq: number | undefined
  /** Opens the bar's first event in the inspector. */
  onSelect: (event: TExecutionEventEnvelope) => void
  /** True while the session has events before `events` that are not loaded: turns are counted from the first loaded one. */
  earlierEvents: boolean
}

// Older turns stay in the event list; the picture keeps to the recent ones so it stays readable.
const SHOWN_TURNS = 8

/**
 * Rounds, model calls and tool calls of each turn as bars on the turn's time axis; a bar opens its
 * first event. The bars of all turns are one tab stop, the arrow keys, Home and End move among them.
 */
export const RunTimeline = memo(function RunTimeline({ events, selectedSeq, onSelect, earlierEvents }: TRunTimelineProps) {
  const turns = useMemo(() => layoutRunTimeline(events), [events])
  const shown = useMemo(() => turns.slice(-SHOWN_TURNS), [turns])
  const bars = useMemo(() => shown.flatMap((turn) => turn.bars), [shown])
  const keys = useMemo(() => bars.map((bar) => bar.key), [bars])
  const { tabStop, onKeyDown, onFocus } = useRovingTabStop(keys, bars.find((bar) => bar.first.seq === selectedSeq)?.key)
  if (turns.length === 0) return <p className="note">No model or tool call yet: there is nothing to draw.</p>
  return (
    <div className="run-timeline" onKeyDown={onKeyDown} onFocus={onFocus}>
      {turns.length > shown.length ? <p className="note">The last {SHOWN_TURNS} of {turns.length} {turnsNoun(earlierEvents)}.</p> : null}
      {shown.map((turn) => (
        <RunTimelineTurn key={turn.executionId} turn={turn} earlierEvents={earlierEvents} selectedSeq={selectedSeq} tabStop={tabStop} onSelect={onSelect} />
      ))}
    </div>
  )
})

type TRunTimelineTurnProps = {
  turn: TRunTimelineTurn
  earlierEvents: boolean
  selectedSeq: number | undefined
  /** The key of the timeline's one bar that Tab reaches. */
  tabStop: string | undefined
  onSelect: (event: TExecutionEventEnvelope) => void
}

function RunTimelineTurn({ turn, earlierEvents, selectedSeq, tabStop, onSelect }: TRunTimelineTurnProps) {
  const id = useId()
  return (
    <div className="run-turn" role="group" aria-labelledby={`${id}-title`}>
      <p className="run-turn-title" id={`${id}-title`}>
        <span>Timeline of {turnName(turn.turn, earlierEvents)}</span>{' '}
        {turn.prompt ? <span className="run-turn-prompt">{turn.prompt}</span> : null}{' '}
        <span className="run-turn-duration">{formatDuration(turn.durationMs)}</span>
      </p>
      <div className="run-axis" aria-hidden="true">
        {turn.ticks.map((tick) => (
          <span key={tick.label} style={{ '--offset': tick.offset } as CSSProperties}>
            {tick.label}
          </span>
        ))}
      </div>
      <ol className="run-bars">
        {turn.bars.map((bar, index) => (
          <RunBar key={bar.key} bar={bar} tipId={`${id}-tip-${index}`} selected={selectedSeq === bar.first.seq} tabStop={tabStop === bar.key} onSelect={onSelect} />
        ))}
      </ol>
    </div>
  )
}

type TRunBarProps = { bar: TRunBar; tipId: string; selected: boolean; tabStop: boolean; onSelect: (event: TExecutionEventEnvelope) => void }

function RunBar({ bar, tipId, selected, tabStop, onSelect }: TRunBarProps) {
  const state = bar.failed ? 'failed' : bar.open ? 'not finished' : undefined
  const place = { '--offset': bar.offset, '--span': bar.span } as CSSProperties
  const duration = formatDuration(bar.durationMs)
  return (
    <li className={`run-bar-row ${bar.kind}${bar.failed ? ' failed' : ''}${bar.open ? ' open' : ''}`}>
      {/* Named outright, since browsers read a name off grid cells differently; the spaces keep the visible text in the name's words. */}
      <button type="button" aria-label={`${bar.label}, ${duration}${state ? `, ${state}` : ''}`} aria-pressed={selected} aria-describedby={tipId} tabIndex={tabStop ? 0 : -1} onClick={() => onSelect(bar.first)}>
        <span className="run-bar-name">{bar.label}</span>{' '}
        <span className="run-bar-track">
          <span className="run-bar" style={place} />
        </span>{' '}
        <span className="run-bar-duration">{duration}</span>
      </button>
      <span role="tooltip" id={tipId} className="run-bar-tip">
        {bar.detail}. Starts at {formatDuration(bar.startMs)}, events #{bar.first.seq}–#{bar.lastSeq}
        {state ? `, ${state}` : ''}.
      </span>
    </li>
  )
}
