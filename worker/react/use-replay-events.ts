import { useEffect, useReducer } from 'react'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { IAgentHost, THostEvent } from '../../lib/host/agent-host.ts'
import { sessionIdOf } from '../host-event-fanout.ts'
import { isReloadCue } from './use-agent-session.ts'
import { useHostEvents } from './use-host-events.ts'

/** A session's replay events as React state. */
export type TReplayEventsState = {
  sessionId: string | undefined
  /** Stored events, then live ones, in `seq` order without repeats. */
  events: TExecutionEventEnvelope[]
  /** True until the stored events are loaded. */
  loading: boolean
  error: string | undefined
}

type TReplayAction =
  | { type: 'loaded'; sessionId: string; events: TExecutionEventEnvelope[] }
  | { type: 'host_events'; events: readonly THostEvent[] }
  | { type: 'failed'; sessionId: string; message: string }
  | { type: 'reset'; sessionId: string | undefined }

/** Folds stored and live replay events of one session; live ones already loaded are skipped. */
export function reduceReplayEvents(state: TReplayEventsState, action: TReplayAction): TReplayEventsState {
  switch (action.type) {
    case 'reset':
      return { sessionId: action.sessionId, events: [], loading: action.sessionId !== undefined, error: undefined }
    case 'loaded':
      if (action.sessionId !== state.sessionId) return state
      return { ...state, events: action.events, loading: false, error: undefined }
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

const EMPTY: TReplayEventsState = { sessionId: undefined, events: [], loading: false, error: undefined }

/**
 * The replay events of `sessionId`: what storage holds, then what the running turn adds, in
 * order and without repeats. Read again from the host after a worker restart or a takeover.
 */
export function useReplayEvents(host: IAgentHost, sessionId: string | undefined): TReplayEventsState {
  const [state, dispatch] = useReducer(reduceReplayEvents, EMPTY)

  useEffect(() => {
    dispatch({ type: 'reset', sessionId })
    if (!sessionId) return
    let active = true
    host
      .openSession(sessionId)
      .then((view) => active && dispatch({ type: 'loaded', sessionId, events: view.events }))
      .catch((error: unknown) => active && dispatch({ type: 'failed', sessionId, message: error instanceof Error ? error.message : String(error) }))
    return () => {
      active = false
      void host.closeSession(sessionId).catch(() => undefined)
    }
  }, [host, sessionId])

  useHostEvents(host, (events) => {
    dispatch({ type: 'host_events', events })
    if (sessionId && events.some((event) => isReloadCue(event, sessionId))) {
      void host
        .openSession(sessionId)
        .then((view) => dispatch({ type: 'loaded', sessionId, events: view.events }))
        .catch(() => undefined)
        .finally(() => void host.closeSession(sessionId).catch(() => undefined))
    }
  })
  return state
}
