import { startTransition, useEffect, useState } from 'react'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { filterInSlices } from './filter-in-slices.ts'
import { matchesReplaySearch, toReplaySearchPattern } from './replay-search.ts'

/** The event log's search: the text as typed, and the `seq` of every event it matches. */
export type TReplaySearch = {
  text: string
  setText: (text: string) => void
  clear: () => void
  /** The matching events' `seq`; `undefined` while there is no search text. */
  matched: ReadonlySet<number> | undefined
  /** True while the latest text has not been searched for yet. */
  searching: boolean
}

/** Waits this long after the last keystroke: typing a word costs one search, not one per letter. */
export const SEARCH_DEBOUNCE_MS = 200

/**
 * Searches the events for the typed text (type or JSON, any case). The search starts once typing
 * pauses and runs in slices between frames, so typing stays responsive on 100,000 events; a newer
 * text or a new batch of events abandons the search under way.
 */
export function useReplaySearch(events: readonly TExecutionEventEnvelope[]): TReplaySearch {
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  const [result, setResult] = useState<{ query: string; events: readonly TExecutionEventEnvelope[]; matched: ReadonlySet<number> } | undefined>()

  useEffect(() => {
    if (text === query) return
    const timer = setTimeout(() => setQuery(text), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, query])

  useEffect(() => {
    const pattern = toReplaySearchPattern(query)
    if (!pattern) {
      setResult(undefined)
      return
    }
    const controller = new AbortController()
    void filterInSlices(events, (event) => matchesReplaySearch(event, pattern), { signal: controller.signal }).then((found) => {
      if (!found) return
      startTransition(() => setResult({ query, events, matched: new Set(found.map((event) => event.seq)) }))
    })
    return () => controller.abort()
  }, [events, query])

  const blank = toReplaySearchPattern(text) === undefined
  const current = result?.query === query && toReplaySearchPattern(query) !== undefined ? result : undefined
  return {
    text,
    setText,
    clear: () => {
      setText('')
      setQuery('')
    },
    // Until a new search lands, the last one's matches stay on screen rather than the whole log.
    matched: blank ? undefined : (current ?? result)?.matched,
    searching: !blank && (text !== query || current?.events !== events)
  }
}
