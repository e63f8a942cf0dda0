import type { TExecutionEventType } from '../../lib/core/execution-events.ts'

type TReplayFiltersProps = {
  counts: ReadonlyArray<[TExecutionEventType, number]>
  hidden: ReadonlySet<TExecutionEventType>
  onChange: (hidden: Set<TExecutionEventType>) => void
}

/** One toggle per event type the session has, with its count (pressed means shown), and "only" beside each. */
export function ReplayFilters({ counts, hidden, onChange }: TReplayFiltersProps) {
  if (counts.length === 0) return null
  const toggle = (type: TExecutionEventType) => {
    const next = new Set(hidden)
    if (next.has(type)) next.delete(type)
    else next.add(type)
    onChange(next)
  }
  const only = (type: TExecutionEventType) => onChange(new Set(counts.map(([each]) => each).filter((each) => each !== type)))
  return (
    <div className="replay-filters" role="group" aria-label="Filter events by type">
      {counts.map(([type, count]) => (
        <span key={type} className="chip-pair">
          <button type="button" className="chip" aria-pressed={!hidden.has(type)} onClick={() => toggle(type)}>
            {type} <span className="count">{count}</span>
          </button>
          <button type="button" className="chip-only" aria-label={`Show only ${type}`} title={`Show only ${type}`} onClick={() => only(type)}>
            only
          </button>
        </span>
      ))}
      {hidden.size > 0 ? (
        <button type="button" className="link" onClick={() => onChange(new Set())}>
          Show all
        </button>
      ) : null}
    </div>
  )
}
