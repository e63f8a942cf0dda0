import { memo, useEffect, useRef, type ReactNode } from 'react'
import type { TSessionSummary } from '../../lib/storage/session-store.ts'
import { groupSubagentRuns } from './group-subagent-runs.ts'
import { SessionItem } from './session-item.tsx'

type TSessionListProps = {
  sessions: TSessionSummary[]
  selectedId: string | undefined
  corruptCount: number
  /** Whether the open session is running a turn: it cannot be forked then. */
  running: boolean
  /** Whether another tab drives the open session: this one cannot rename or delete it. */
  readOnly: boolean
  onSelect: (sessionId: string) => void
  onCreate: () => void
  onRename: (sessionId: string, name: string) => void
  onFork: (sessionId: string) => void
  onDelete: (sessionId: string) => void
  /** Each change moves the keyboard focus to the open session in the list (`/resume` asks for it). */
  focusRequest?: number
}

/** Stored sessions, newest first, each with its subagent runs folded under it: open one, start, rename, fork or delete. */
export const SessionList = memo(function SessionList({ sessions, selectedId, corruptCount, running, readOnly, onSelect, onCreate, onRename, onFork, onDelete, focusRequest = 0 }: TSessionListProps) {
  const list = useRef<HTMLElement>(null)
  useEffect(() => {
    if (focusRequest === 0) return
    const open = list.current?.querySelector<HTMLButtonElement>('.session-open[aria-current="true"]') ?? list.current?.querySelector<HTMLButtonElement>('.session-open')
    open?.focus()
  }, [focusRequest])
  const item = (session: TSessionSummary, runs?: ReactNode) => (
    <SessionItem
      key={session.id}
      session={session}
      selected={session.id === selectedId}
      running={running && session.id === selectedId}
      readOnly={readOnly && session.id === selectedId}
      onSelect={onSelect}
      onRename={onRename}
      onFork={onFork}
      onDelete={onDelete}
      runs={runs}
    />
  )
  return (
    <nav className="sessions" aria-label="Sessions" ref={list}>
      <div className="sessions-head">
        <h2>Sessions</h2>
        <button type="button" className="new-session" onClick={onCreate} aria-keyshortcuts="Alt+N" title="New session (Alt+N)">
          New session
        </button>
      </div>
      <ul>
        {groupSubagentRuns(sessions).map(({ session, runs }) =>
          item(
            session,
            // A native disclosure: keyboard and screen readers get it for free. It opens while one of its
            // runs is open, and is otherwise left as the person left it: no `open` prop to fold it again.
            runs.length > 0 ? (
              <details
                className="subagent-runs"
                ref={(details) => {
                  if (details && runs.some((run) => run.id === selectedId)) details.open = true
                }}
              >
                <summary>
                  {runs.length} subagent run{runs.length === 1 ? '' : 's'}
                </summary>
                <ul>{runs.map((run) => item(run))}</ul>
              </details>
            ) : undefined
          )
        )}
      </ul>
      {corruptCount > 0 ? (
        <p className="note" role="status">
          {corruptCount} stored session{corruptCount === 1 ? '' : 's'} could not be read and {corruptCount === 1 ? 'is' : 'are'} hidden.
        </p>
      ) : null}
      <p className="note storage-note">Stored in this browser (IndexedDB).</p>
    </nav>
  )
})
