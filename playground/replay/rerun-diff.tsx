import { memo, useMemo } from 'react'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TReplayRerunReport } from '../../lib/session/replay-rerun.ts'
import { alignRerun, type TAlignedEvent, type TAlignedRow } from './rerun-alignment.ts'

type TRerunDiffProps = {
  /** The session's recorded events. */
  recorded: readonly TExecutionEventEnvelope[]
  report: TReplayRerunReport
  onSelect: (event: TExecutionEventEnvelope) => void
}

const MARKS: Record<Exclude<TAlignedRow['kind'], 'same'>, string> = {
  changed: 'differs',
  'recorded-only': 'only in the recording',
  'rerun-only': 'only in the re-run'
}

/** The recorded run and its offline re-run side by side, from the first divergence, differing rows marked. */
export const RerunDiff = memo(function RerunDiff({ recorded, report, onSelect }: TRerunDiffProps) {
  const alignment = useMemo(() => (report.events ? alignRerun(recorded, report.events) : undefined), [recorded, report])
  if (report.matches) {
    return <p className="note">The re-run did what the recording did: the same {report.replayedCalls} model calls and {report.replayedMessages} messages. Nothing differs.</p>
  }
  const first = alignment?.firstDifference
  return (
    <div className="rerun-diff">
      <p className="rerun-first">
        <strong>First difference</strong>
        {first && 'recorded' in first ? ` at recorded event #${first.recorded.event.seq}` : ''}
        {first && 'rerun' in first ? `${'recorded' in first ? ',' : ' at'} re-run event #${first.rerun.event.seq}` : ''}
        {report.divergence ? `: ${report.divergence}` : '.'}
      </p>
      {alignment?.differs ? (
        <table className="rerun-rows">
          <caption className="visually-hidden">Recorded events and re-run events side by side; identical stretches folded</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Difference</span>
              </th>
              <th scope="col">Recorded ({alignment.recordedCount})</th>
              <th scope="col">Re-run ({alignment.rerunCount})</th>
            </tr>
          </thead>
          <tbody>
            {alignment.rows.map((row, index) =>
              row.kind === 'folded' ? (
                <tr key={`folded-${index}`} className="folded">
                  <td colSpan={3}>
                    {row.count} identical event{row.count === 1 ? '' : 's'}
                  </td>
                </tr>
              ) : (
                <tr key={`${'recorded' in row ? row.recorded.event.seq : ''}:${'rerun' in row ? row.rerun.event.seq : ''}`} className={row.kind}>
                  <td className="rerun-mark">{row.kind === 'same' ? '' : <span title={MARKS[row.kind]}>≠<span className="visually-hidden">{MARKS[row.kind]}</span></span>}</td>
                  <td>{'recorded' in row ? <AlignedCell side="recorded" entry={row.recorded} onSelect={onSelect} /> : null}</td>
                  <td>{'rerun' in row ? <AlignedCell side="re-run" entry={row.rerun} onSelect={onSelect} /> : null}</td>
                </tr>
              )
            )}
          </tbody>
        </table>
      ) : report.difference ? (
        <p className="note">
          Message {report.difference.index + 1} recorded: {report.difference.recorded}; re-run: {report.difference.replayed}
        </p>
      ) : null}
    </div>
  )
})

function AlignedCell({ side, entry, onSelect }: { side: string; entry: TAlignedEvent; onSelect: (event: TExecutionEventEnvelope) => void }) {
  return (
    <>
      <button type="button" className="link" onClick={() => onSelect(entry.event)}>
        <span className="visually-hidden">{side} event </span>#{entry.event.seq}
      </button>{' '}
      <span className="rerun-text">{entry.text}</span>
    </>
  )
}
