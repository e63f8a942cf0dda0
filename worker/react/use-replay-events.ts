import { useEffect, useReducer } from 'react'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { IAgentHost, TEventPage, THostEvent, TOpenSessionOptions } from '../../lib/host/agent-host.ts'
import { sessionIdOf } from '../host-event-fanout.ts'
import { describeError } from '../../lib/core/describe-error.ts'
import { pageJoinsLoadedEvents, useEarlierEventsLoader, type TEarlierEventsAction } from './earlier-events.ts'
import { isReloadCue } from './use-agent-session.ts'
import { useHostEvents } from './use-host-events.ts'

/** A session's replay events as React state. */
export type TReplayEventsState = {
  sessionId: string | undefined
  /** Stored events, then live ones, in `seq` order without repeats. */
  events: TExecutionEventEnvelope[]
  /** True until the stored events are loaded. */
  loading: boolean
  /** True when the session has stored events before `events` (an open with `latestEvents`). */
  earlierEvents: boolean
  error: string | undefined
}

/** How `useReplayEvents` opens a session. */
export type TReplayEventsOptions = {
  /**
   * Opens on the latest events only, at most this many (from a turn's start), instead of the
   * whole log; `loadEarlierEvents` pages in the rest. A long session then opens in a time that
   * does not grow with its length. Such events come as the log records them: a `provider_request`
   * whose history an earlier request sent names it in `historyRange`.
   */
  latestEvents?: number
}

/** A session's replay events, and a way to page in those before them. */
export type TReplayEvents = TReplayEventsState & {
  /** Reads up to `count` stored events before the loaded ones and puts them first. */
  loadEarlierEvents: (count: number) => Promise<void>
}

/** What `reduceReplayEvents` folds in: a loaded or earlier page, a failed read, host events, a reset. */
export type TReplayAction =
  | { type: 'loaded'; sessionId: string; page: TEventPage }
  | TEarlierEventsAction
  | { type: 'host_events'; events: readonly THostEvent[] }
  | { type: 'reset'; sessionId: string | undefined }

/** Folds stored and live replay events of one session; live ones already loaded are skipped. */
export function reduceReplayEvents(state: TReplayEventsState, action: TReplayAction): TReplayEventsState {
  switch (action.type) {
    case 'reset':
      return { sessionId: action.sessionId, events: [], loading: action.sessionId !== undefined, earlierEvents: false, error: undefined }
    case 'loaded': {
      if (action.sessionId !== state.sessionId) return state
      // Live events that arrived after the host read the page are newer than it: they stay after it.
      const lastSeq = action.page.events.at(-1)?.seq ?? -1
      const newer = state.events.filter((event) => event.seq > lastSeq)
      return { ...state, events: action.page.events.concat(newer), earlierEvents: action.page.earlierEvents, loading: false, error: undefined }
    }
    case 'earlier_events': {
      const { page } = action
      if (!pageJoinsLoadedEvents(state, action.sessionId, page)) return state
      return { ...state, events: page.events.concat(state.events), earlierEvents: page.earlierEvents }
    }
    case 'failed':
      if (action.sessionId !== state.sessionId) return state
      return { ...state, loading: false, error: action.message }
    case 'host_events': {
      let lastSeq = state.events.at(-1)?.seq ?? -1
      const appended: TExecutionEventEnvelope[] = []
      for (const event of action.events) {
        if (event.kind !== 'replay' || sessionIdOf(event) !== state.sessionId || event.event.seq <= lastSeq) continue
        appended.push(event.event)
        lastSeq = event.event.seq
      }
      return appended.length > 0 ? { ...state, events: state.events.concat(appended) } : state
    }
  }
}

const EMPTY: TReplayEventsState = { sessionId: undefined, events: [], loading: false, earlierEvents: false, error: undefined }

/**
 * The replay events of `sessionId`: what storage holds (all of it, or the latest with
 * `options.latestEvents`), then what the running turn adds, in order and without repeats. Read
 * again from the host after a worker restart or a takeover.
 */
export function useReplayEvents(host: IAgentHost, sessionId: string | undefined, options: TReplayEventsOptions = {}): TReplayEvents {
  const [state, dispatch] = useReducer(reduceReplayEvents, EMPTY)
  const { latestEvents } = options

  useEffect(() => {
    dispatch({ type: 'reset', sessionId })
    if (!sessionId) return
    let active = true
    host
      .openSession(sessionId, openOptions(latestEvents))
      .then((view) => active && dispatch({ type: 'loaded', sessionId, page: toEventPage(view) }))
      .catch((error: unknown) => active && dispatch({ type: 'failed', sessionId, message: describeError(error) }))
    return () => {
      active = false
      void host.closeSession(sessionId).catch(() => undefined)
    }
  }, [host, sessionId, latestEvents])

  useHostEvents(host, (events) => {
    dispatch({ type: 'host_events', events })
    if (sessionId && events.some((event) => isReloadCue(event, sessionId))) {
      void host
        .openSession(sessionId, openOptions(latestEvents))
        .then((view) => dispatch({ type: 'loaded', sessionId, page: toEventPage(view) }))
        .catch(() => undefined)
        .finally(() => void host.closeSession(sessionId).catch(() => undefined))
    }
  })

  const loadEarlierEvents = useEarlierEventsLoader(host, state, dispatch)
  return { ...state, loadEarlierEvents }
}

// The hook shows events only: the open reads one message, not the whole conversation.
function openOptions(latestEvents: number | undefined): TOpenSessionOptions {
  return { latestMessages: 1, ...(latestEvents === undefined ? {} : { latestEvents }) }
}

function toEventPage(view: { events: TExecutionEventEnvelope[]; earlierEvents?: boolean }): TEventPage {
  return { events: view.events, earlierEvents: view.earlierEvents === true }
}
