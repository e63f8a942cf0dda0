import { useCallback } from 'react'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { IAgentHost, TEventPage } from '../../lib/host/agent-host.ts'
import { describeError } from '../../lib/core/describe-error.ts'

/** What a hook holding a session's loaded events knows about them. */
export type TLoadedEvents = {
  sessionId: string | undefined
  events: readonly TExecutionEventEnvelope[]
  /** True when the session has stored events before `events`. */
  earlierEvents: boolean
}

/** What `useEarlierEventsLoader` dispatches: the page it read, or why reading it failed. */
export type TEarlierEventsAction = { type: 'earlier_events'; sessionId: string; page: TEventPage } | { type: 'failed'; sessionId: string; message: string }

/**
 * Whether a page of earlier events read for `sessionId` goes before `loaded`: not when the view
 * moved on (another session, or the events loaded again) and not when it overlaps them.
 */
export function pageJoinsLoadedEvents(loaded: TLoadedEvents, sessionId: string, page: TEventPage): boolean {
  const firstLoaded = loaded.events[0]?.seq ?? Number.POSITIVE_INFINITY
  return sessionId === loaded.sessionId && loaded.earlierEvents && (page.events.at(-1)?.seq ?? -1) < firstLoaded
}

/**
 * `loadEarlierEvents(count)` for a hook whose reducer holds `loaded`: reads up to `count` stored
 * events before the first loaded one and dispatches the page, or the failure. Does nothing while
 * the session has no earlier events.
 */
export function useEarlierEventsLoader(
  host: IAgentHost,
  loaded: TLoadedEvents,
  dispatch: (action: TEarlierEventsAction) => void
): (count: number) => Promise<void> {
  const { sessionId, earlierEvents } = loaded
  const firstSeq = loaded.events[0]?.seq
  return useCallback(
    async (count: number) => {
      if (!sessionId || !earlierEvents || firstSeq === undefined) return
      try {
        dispatch({ type: 'earlier_events', sessionId, page: await host.loadEarlierEvents(sessionId, firstSeq, count) })
      } catch (error) {
        dispatch({ type: 'failed', sessionId, message: describeError(error) })
      }
    },
    [host, sessionId, earlierEvents, firstSeq, dispatch]
  )
}
