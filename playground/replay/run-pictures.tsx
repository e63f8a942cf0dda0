import { memo, useId } from 'react'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TReplayRerunReport } from '../../lib/session/replay-rerun.ts'
import { RerunDiff } from './rerun-diff.tsx'
import { RunTimeline } from './run-timeline.tsx'
import { TurnUsageChart } from './turn-usage-chart.tsx'
import { useAdoptedStylesheet } from '../shell/adopted-stylesheet.ts'
import styles from './run-pictures.css?inline'

type TRunPicturesProps = {
  events: readonly TExecutionEventEnvelope[]
  selectedSeq: number | undefined
  onSelect: (event: TExecutionEventEnvelope) => void
  /** The last offline re-run of this session, if one was made. */
  rerun: TReplayRerunReport | undefined
  /** True while the session has events before `events` that are not loaded: turns are counted from the first loaded one. */
  earlierEvents: boolean
}

/** Pictures of the session's run above its event list: timeline, tokens and cost, and the last re-run compared. */
export const RunPictures = memo(function RunPictures({ events, selectedSeq, onSelect, rerun, earlierEvents }: TRunPicturesProps) {
  const id = useId()
  const stylesheetRef = useAdoptedStylesheet(styles)
  if (events.length === 0) return null
  return (
    <div className="run-pictures" ref={stylesheetRef}>
      <section aria-labelledby={`${id}-timeline`}>
        <details open>
          <summary id={`${id}-timeline`}>Run timeline</summary>
          <RunTimeline events={events} selectedSeq={selectedSeq} onSelect={onSelect} earlierEvents={earlierEvents} />
        </details>
      </section>
      <section aria-labelledby={`${id}-usage`}>
        <details open>
          <summary id={`${id}-usage`}>Tokens and cost per turn</summary>
          <TurnUsageChart events={events} earlierEvents={earlierEvents} />
        </details>
      </section>
      {rerun ? (
        <section aria-labelledby={`${id}-rerun`}>
          <h3 id={`${id}-rerun`}>Recording and re-run compared</h3>
          <RerunDiff recorded={events} report={rerun} onSelect={onSelect} />
        </section>
      ) : null}
    </div>
  )
})
