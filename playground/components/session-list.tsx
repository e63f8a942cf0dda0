import type { TSessionSummary } from '../../lib/storage/session-store.ts'

type TSessionListProps = {
  sessions: TSessionSummary[]
  selectedId: string | undefined
  onSelect: (sessionId: string) => void
  onCreate: () => void
}

/** Stored sessions, newest first, with a button to start another. */
export function SessionList({ sessions, selectedId, onSelect, onCreate }: TSessionListProps) {
  return (
    <nav className="sessions" aria-label="Sessions">
      <button type="button" className="new-session" onClick={onCreate}>
        New session
      </button>
      <ul>
        {sessions.map((session) => (
          <li key={session.id}>
            <button
              type="button"
              aria-current={session.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(session.id)}
            >
              <span className="session-name">{session.name}</span>
              <span className="session-meta">
                {session.messageCount} messages · {new Date(session.updatedAt).toLocaleTimeString()}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  )
}
