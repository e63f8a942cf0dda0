import { memo, useCallback, useDeferredValue, useEffect, useState } from 'react'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { IAgentHost } from '../../lib/host/agent-host.ts'
import type { TReplayRerunReport } from '../../lib/session/replay-rerun.ts'
import { EarlierEventsButton } from './earlier-events-button.tsx'
import { JsonInspector } from './json-inspector.tsx'
import { ReplayEventLog } from './replay-event-log.tsx'
import { ReplayTransfer, type TReplayTransferOutcome } from './replay-transfer.tsx'
import { RunPictures } from './run-pictures.tsx'
import { useThrottledValue } from './use-throttled-value.ts'

type TReplayPanelProps = {
  host: IAgentHost
  sessionId: string | undefined
  sessionName: string
  events: TExecutionEventEnvelope[]
  /** True while the session has events before `events` that are not loaded. */
  earlierEvents?: boolean
  /** Pages in up to `count` events before the loaded ones. */
  onLoadEarlierEvents?: (count: number) => Promise<void>
  running: boolean
  onImported: (sessionId: string) => void
}

/** How many events "Load earlier events" brings in at a time. */
const EARLIER_EVENTS_PAGE = 2_000

/** As many events as a log can hold: what a re-run's comparison loads, since it sets the whole recording beside the re-run. */
const ALL_EARLIER_EVENTS = Number.MAX_SAFE_INTEGER - 1

// While a turn streams, the event log follows a few times a second rather than on every batch: its
// rows slide and lay out again each time, which at the stream's pace would hold up the chat.
const LIVE_REFRESH_MS = 250

/** What a session's panel shows of its log in its first render, before its events are rendered. */
const NO_EVENTS_YET: readonly TExecutionEventEnvelope[] = []

/**
 * Every replay event of the session: pictures of the run, the searchable event log by turn and
 * round, JSON inspector, and the log's round trip. What the last export, import or re-run said
 * stays on screen across a switch of session: an import opens the session it brought in.
 */
export const ReplayPanel = memo(function ReplayPanel(props: TReplayPanelProps) {
  const [outcome, setOutcome] = useState<TReplayTransferOutcome | undefined>()
  const [rerun, setRerun] = useState<{ sessionId: string; report: TReplayRerunReport } | undefined>()
  const onRerun = useCallback((sessionId: string, report: TReplayRerunReport) => setRerun({ sessionId, report }), [])
  // One panel per session. React keeps each component's previous render beside its current one,
  // and a panel rendered once after a switch would keep the closed session's events (and the
  // rows, counts and search built from them) alive there; a new key discards both.
  return (
    <SessionReplayPanel
      key={props.sessionId}
      {...props}
      outcome={outcome}
      onOutcome={setOutcome}
      rerun={rerun && rerun.sessionId === props.sessionId ? rerun.report : undefined}
      onRerun={onRerun}
    />
  )
})

type TSessionReplayPanelProps = TReplayPanelProps & {
  outcome: TReplayTransferOutcome | undefined
  onOutcome: (outcome: TReplayTransferOutcome) => void
  rerun: TReplayRerunReport | undefined
  onRerun: (sessionId: string, report: TReplayRerunReport) => void
}

function SessionReplayPanel(props: TSessionReplayPanelProps) {
  const { host, sessionId, sessionName, events: liveEvents, earlierEvents = false, onLoadEarlierEvents, running, onImported, outcome, onOutcome, rerun, onRerun } = props
  const latest = useThrottledValue(liveEvents, running ? LIVE_REFRESH_MS : 0)
  // Deferred, from the panel's first render on (each session mounts its own): when a session
  // opens, its conversation is painted before the panel renders its events, and an update while a
  // turn streams renders between frames. An empty log has nothing to defer.
  const events = useDeferredValue(latest, latest.length === 0 ? latest : NO_EVENTS_YET)
  const [selected, setSelected] = useState<TExecutionEventEnvelope | undefined>()
  // A comparison sets the whole recording beside the re-run: a window of it would not line up.
  const comparing = rerun?.events !== undefined
  useEffect(() => {
    if (comparing && earlierEvents) void onLoadEarlierEvents?.(ALL_EARLIER_EVENTS)
  }, [comparing, earlierEvents, onLoadEarlierEvents])

  return (
    <aside className="replay" aria-label="Replay events">
      <h2>
        Replay events <span className="count">{latest.length}</span>
      </h2>
      <ReplayTransfer host={host} sessionId={sessionId} sessionName={sessionName} running={running} empty={liveEvents.length === 0 && !earlierEvents} onImported={onImported} onRerun={onRerun} outcome={outcome} onOutcome={onOutcome} />
      <RunPictures events={events} selectedSeq={selected?.seq} onSelect={setSelected} rerun={comparing && earlierEvents ? undefined : rerun} earlierEvents={earlierEvents} />
      {earlierEvents && onLoadEarlierEvents ? <EarlierEventsButton onLoad={onLoadEarlierEvents} pageSize={EARLIER_EVENTS_PAGE} /> : null}
      {latest.length === 0 ? <p className="note">No events yet: send a prompt and every provider call, delta, tool call and history change appears here.</p> : null}
      <ReplayEventLog events={events} selectedSeq={selected?.seq} onSelect={setSelected} earlierEvents={earlierEvents} />
      <JsonInspector event={selected} onClose={() => setSelected(undefined)} />
    </aside>
  )
}
