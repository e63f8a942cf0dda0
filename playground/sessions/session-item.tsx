import { memo, useState, type FormEvent, type ReactNode } from 'react'
import type { TSessionSummary } from '../../lib/storage/session-store.ts'
import { focusOnMount } from '../shell/focus-on-mount.ts'
import { formatWallClock } from '../shell/wall-clock.ts'

type TSessionItemProps = {
  session: TSessionSummary
  selected: boolean
  running: boolean
  /** Another tab drives the session: renaming and deleting it wait until this tab takes over. */
  readOnly: boolean
  onSelect: (sessionId: string) => void
  onRename: (sessionId: string, name: string) => void
  onFork: (sessionId: string) => void
  onDelete: (sessionId: string) => void
  /** The subagent runs folded under this session's row, when it has any: a delete takes them along. */
  runs?: ReactNode
}

type TMode = 'view' | 'rename' | 'confirm-delete'

const DRIVEN_ELSEWHERE = 'Another tab drives this session: take it over first.'

/** One stored session; the open one shows rename, fork and delete, each reachable by keyboard. */
export const SessionItem = memo(function SessionItem({ session, selected, running, readOnly, onSelect, onRename, onFork, onDelete, runs }: TSessionItemProps) {
  const [mode, setMode] = useState<TMode>('view')
  const [name, setName] = useState(session.name)
  // Leaving a rename or a delete's confirmation, the keyboard goes back to the button that opened it.
  const [cameFrom, setCameFrom] = useState<'rename' | 'delete' | undefined>()
  const backToView = (from: 'rename' | 'delete') => {
    setCameFrom(from)
    setMode('view')
  }

  const submitRename = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim()) onRename(session.id, name.trim())
    backToView('rename')
  }

  // One row in every mode, the runs last: their disclosure stays on screen, open or folded, through a rename.
  return (
    <li className={`session-item${selected ? ' selected' : ''}`}>
      {mode === 'rename' ? (
        <form className="rename-form" onSubmit={submitRename}>
          <input
            aria-label={`New name for ${session.name}`}
            value={name}
            ref={focusOnMount}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && backToView('rename')}
          />
          <button type="submit">Save</button>
        </form>
      ) : (
        <button type="button" className="session-open" aria-current={selected ? 'true' : undefined} onClick={() => onSelect(session.id)}>
          <span className="session-name">{session.name}</span>
          <span className="session-meta">
            {session.messageCount} {session.messageCount === 1 ? 'message' : 'messages'} · {formatWallClock(session.updatedAt)}
          </span>
        </button>
      )}
      {selected && mode === 'view' ? (
        <div className="session-actions">
          <button
            type="button"
            ref={cameFrom === 'rename' ? focusOnMount : undefined}
            onClick={() => { setName(session.name); setMode('rename') }}
            disabled={readOnly}
            aria-label={`Rename ${session.name}`}
            title={readOnly ? DRIVEN_ELSEWHERE : undefined}
          >
            Rename
          </button>
          <button type="button" onClick={() => onFork(session.id)} disabled={running} aria-label={`Fork ${session.name}`} title="Copy the conversation and its files into a new session">
            Fork
          </button>
          <button
            type="button"
            className="danger"
            ref={cameFrom === 'delete' ? focusOnMount : undefined}
            onClick={() => setMode('confirm-delete')}
            disabled={readOnly}
            aria-label={`Delete ${session.name}`}
            title={readOnly ? DRIVEN_ELSEWHERE : undefined}
          >
            Delete
          </button>
        </div>
      ) : null}
      {selected && mode === 'confirm-delete' ? (
        <div className="session-actions" role="group" aria-label="Confirm delete" onKeyDown={(event) => event.key === 'Escape' && backToView('delete')}>
          <span>Delete with its files{runs ? ', subagent runs' : ''} and log?</span>
          <button type="button" className="danger" onClick={() => { setMode('view'); onDelete(session.id) }}>
            Delete for good
          </button>
          {/* The keyboard lands on the safe answer: a stray Enter keeps the session. */}
          <button type="button" ref={focusOnMount} onClick={() => backToView('delete')}>
            Keep
          </button>
        </div>
      ) : null}
      {runs}
    </li>
  )
})
