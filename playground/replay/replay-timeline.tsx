import { memo } from 'react'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TReplayTurnGroup } from './group-replay-events.ts'

type TReplayTimelineProps = {
  turns: TReplayTurnGroup[]
  selectedSeq: number | undefined
  onSelect: (event: TExecutionEventEnvelope) => void
}

/** Events grouped by turn, then by provider round; each event selects into the inspector. */
export const ReplayTimeline = memo(function ReplayTimeline({ turns, selectedSeq, onSelect }: TReplayTimelineProps) {
  return (
    <div className="timeline">
      {turns.map((turn) => (
        <section key={turn.executionId} className="turn-group" aria-label={`Turn ${turn.turn}`}>
          <h3 className="turn-title">
            Turn {turn.turn}
            {turn.prompt ? <span className="turn-prompt">{turn.prompt}</span> : null}
          </h3>
          {turn.rounds.map((round) => (
            <div key={round.key} className="round-group">
              <h4 className="round-title">{round.round === undefined ? 'before the first round' : `round ${round.round}`}</h4>
              <ol>
                {round.events.map((event) => (
                  <ReplayEventRow key={event.seq} event={event} selected={selectedSeq === event.seq} onSelect={onSelect} />
                ))}
              </ol>
            </div>
          ))}
        </section>
      ))}
    </div>
  )
})

type TReplayEventRowProps = { event: TExecutionEventEnvelope; selected: boolean; onSelect: (event: TExecutionEventEnvelope) => void }

// Events never change once recorded, so a row renders once; a streaming turn only adds rows.
const ReplayEventRow = memo(function ReplayEventRow({ event, selected, onSelect }: TReplayEventRowProps) {
  return (
    <li data-type={event.type}>
      <button type="button" aria-pressed={selected} onClick={() => onSelect(event)}>
        <span className="seq">#{event.seq}</span>
        <span className="event-type">{event.type}</span>
        <span className="event-preview">{previewOf(event)}</span>
      </button>
    </li>
  )
})

function previewOf(event: TExecutionEventEnvelope): string {
  switch (event.type) {
    case 'provider_stream_raw_delta':
      return JSON.stringify(event.data.delta)
    case 'provider_request':
      return `${event.data.model} · ${event.data.messages.length} messages`
    case 'tool_execution_request':
      return event.data.toolName
    case 'tool_execution_result':
      return `${event.data.toolName} ${event.data.success ? 'ok' : 'failed'}`
    case 'history_mutation':
      return event.data.message.role
    case 'permission_request':
      return event.data.toolName
    case 'permission_decision':
      return `${event.data.decision} (${event.data.source})`
    default:
      return ''
  }
}
