import { useRef } from 'react'
import type { TReplaySearch } from './use-replay-search.ts'
import { formatCount } from '../shell/format-count.ts'

type TReplaySearchBoxProps = { search: TReplaySearch; shownCount: number; totalCount: number }

/** The event log's search field, its clear button, and how many events are shown of how many. */
export function ReplaySearchBox({ search, shownCount, totalCount }: TReplaySearchBoxProps) {
  const narrowed = shownCount !== totalCount || search.matched !== undefined
  const field = useRef<HTMLInputElement>(null)
  // The button disables itself as it clears: the keyboard goes to the emptied field, not the page.
  const clearFromButton = () => {
    search.clear()
    field.current?.focus()
  }
  return (
    <div className="replay-search">
      <input
        ref={field}
        type="search"
        aria-label="Search events"
        placeholder="Search type or JSON"
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && search.text !== '') {
            event.preventDefault()
            search.clear()
          }
        }}
      />
      <button type="button" className="link" disabled={search.text === ''} onClick={clearFromButton}>
        Clear search
      </button>
      {/* Spoken only while a search narrows the list: a running turn's growing count would interrupt everything else. */}
      <span className="replay-search-count" role="status" aria-label="Events shown" aria-live={narrowed || search.searching ? 'polite' : 'off'}>
        {narrowed ? `${formatCount(shownCount)} of ${formatCount(totalCount)} events` : `${formatCount(totalCount)} events`}
        {search.searching ? ' · searching…' : ''}
      </span>
    </div>
  )
}
