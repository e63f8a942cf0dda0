import { useState } from 'react'
import type { IExecutionEventEnvelope } from '../../lib/core/execution-events.ts'

const SHOWN_EVENTS = 400

/** Every replay event of the session, newest last, each expandable to its JSON. */
export function ReplayPanel({ events }: { events: IExecutionEventEnvelope[] }) {
  const [openSeq, setOpenSeq] = useState<number | undefined>()
  const shown = events.slice(-SHOWN_EVENTS)
  return (
    <aside className="replay" aria-label="Replay events">
      <h2>
        Replay events <span className="count">{events.length}</span>
      </h2>
      {events.length > shown.length ? <p className="note">Showing the last {SHOWN_EVENTS}.</p> : null}
      <ol>
        {shown.map((event) => (
          <li key={event.seq} data-type={event.type}>
            <button
              type="button"
              aria-expanded={openSeq === event.seq}
              onClick={() => setOpenSeq(openSeq === event.seq ? undefined : event.seq)}
            >
              <span className="seq">#{event.seq}</span>
              <span className="event-type">{event.type}</span>
              {event.round === undefined ? null : <span className="round">round {event.round}</span>}
            </button>
            {openSeq === event.seq ? <pre className="event-json">{JSON.stringify(event.data, null, 2)}</pre> : null}
          </li>
        ))}
      </ol>
    </aside>
  )
}
