import { startTransition, useCallback, useEffect, useMemo, useReducer, useRef } from 'react'
import type { TRunError } from '../../lib/core/run-error.ts'
import type { IAgentHost, THostEvent, TOpenSessionOptions } from '../../lib/host/agent-host.ts'
import type { TPermissionAnswer } from '../../lib/session/permission-enforcer-types.ts'
import { describeError } from '../../lib/core/describe-error.ts'
import { useEarlierEventsLoader } from './earlier-events.ts'
import type { TSessionContextState } from '../../lib/host/agent-host.ts'
import { toSessionStatus, type TSessionStatus } from './session-status.ts'
import { EMPTY_SESSION_VIEW, reduceSessionView, type TSessionViewState } from './session-view-state.ts'
import { useHostEvents } from './use-host-events.ts'

/** One session as React state, with the actions a chat needs. */
export type TAgentSession = {
  state: TSessionViewState
  /** What the session is doing now. */
  status: TSessionStatus
  /** Why the last turn failed, with the error's code (`RATE_LIMIT_ERROR`…), until the next turn starts. */
  error: TRunError | undefined
  /** How full the session's context window is, as `/context` says it; `undefined` until the host has assembled the session. */
  context: TSessionContextState | undefined
  /** Tools running now (the same list as `state.activeTools`). */
  activeTools: TSessionViewState['activeTools']
  /**
   * Runs a turn; resolves `true` once it ended, `false` when the host refused or failed it (the
   * error is in `state`), or when it was cut off (a lost worker, `abort`) before the turn started:
   * the prompt may never have reached the session, so give it back to the person. The session
   * shows as running from the call on, before the host starts the turn. While a turn runs, it
   * resolves `false` at once and sends nothing: a session takes one turn at a time.
   */
  submit: (prompt: string, options?: TSubmitPreparation) => Promise<boolean>
  abort: () => Promise<void>
  /** Asks the tab driving the session to hand it over (see `IAgentHost.takeOver`). */
  takeOver: () => Promise<void>
  answerPermission: (requestId: string, answer: TPermissionAnswer) => Promise<void>
  /** Pages in up to `count` messages before those shown (when the session was opened with its latest only). */
  loadEarlierMessages: (count: number) => Promise<void>
  /** Pages in up to `count` replay events before those loaded (when the session was opened with its latest only). */
  loadEarlierEvents: (count: number) => Promise<void>
}

/** What a prompt waits for once it shows as running, before its turn is sent. */
export type TSubmitPreparation = {
  /**
   * Runs first (naming the session after its first prompt, say, or a provider switch the turn must
   * see). `abort` meanwhile cancels the prompt: `submit` then resolves `false` without sending it.
   */
  before?: () => Promise<unknown>
}

/** How `useAgentSession` opens its session. */
export type TAgentSessionOptions = {
  /** Opens with the latest messages only, at most this many; `loadEarlierMessages` pages in the rest. */
  latestMessages?: number
  /** Opens with the latest replay events only, at most this many; `loadEarlierEvents` pages in the rest. */
  latestEvents?: number
}

/**
 * Opens `sessionId` on the host (closing it again when the component lets go of it) and keeps
 * its view current from the host's event batches. After a worker restart or a takeover by this
 * tab, the view is read again from the host, since storage is then ahead of the events seen.
 * Works with the worker client and with an in-thread host alike.
 */
export function useAgentSession(host: IAgentHost, sessionId: string | undefined, options: TAgentSessionOptions = {}): TAgentSession {
  const [state, dispatch] = useReducer(reduceSessionView, EMPTY_SESSION_VIEW)
  const { latestMessages, latestEvents } = options
  const openOptions = useMemo(
    () =>
      latestMessages === undefined && latestEvents === undefined
        ? undefined
        : { ...(latestMessages === undefined ? {} : { latestMessages }), ...(latestEvents === undefined ? {} : { latestEvents }) },
    [latestMessages, latestEvents]
  )
  const reload = useRef<() => void>(() => undefined)
  const submitting = useRef<TSubmitWatch | undefined>(undefined)
  // The host would refuse a prompt now; one still on its way (submitting) is not a turn yet.
  const turnRunning = useRef(false)
  turnRunning.current = state.running && !state.submitting

  useHostEvents(host, (events: THostEvent[]) => {
    const watch = submitting.current
    if (watch && events.some((event) => event.kind === 'turn_started' && event.sessionId === watch.sessionId)) watch.started = true
    // A transition: rendering a streamed batch yields to the browser instead of holding the
    // main thread, and a newer batch can join it. Input stays urgent.
    startTransition(() => dispatch({ type: 'host_events', events }))
    if (events.some((event) => isReloadCue(event, sessionId))) reload.current()
  })

  useEffect(() => {
    if (!sessionId) return
    let active = true
    reload.current = () => {
      openView(host, sessionId, openOptions)
        .then((view) => active && dispatch({ type: 'reloaded', view }))
        .catch(() => undefined)
        // openSession counts views; each reload's extra count is given back at once.
        .finally(() => void host.closeSession(sessionId).catch(() => undefined))
    }
    openView(host, sessionId, openOptions)
      .then((view) => {
        if (!active) return
        dispatch({ type: 'opened', view })
        // Events the running turn published between the host's read and now were not this view's
        // yet, so the page let them pass: read once more, now that it follows the session.
        if (view.running) reload.current()
      })
      .catch((error: unknown) => active && dispatch({ type: 'failed', message: describeError(error) }))
    return () => {
      active = false
      reload.current = () => undefined
      void host.closeSession(sessionId).catch(() => undefined)
    }
  }, [host, sessionId, openOptions])

  // A committed message past the end of the view: storage is ahead of it.
  const { behindStorage } = state
  useEffect(() => {
    if (behindStorage > 0) reload.current()
  }, [behindStorage])

  const submit = useCallback(
    async (prompt: string, options?: TSubmitPreparation) => {
      if (!sessionId || turnRunning.current) return false
      const watch: TSubmitWatch = { sessionId, started: false, stopped: false }
      submitting.current = watch
      dispatch({ type: 'submitted', sessionId })
      try {
        // Without a wait the call leaves in the caller's task, before the page renders.
        if (options?.before) await options.before()
        if (watch.stopped) return false
        const result = await host.submit(sessionId, prompt)
        // Cut off before it started here (a lost worker, or Stop), or failed before (no key yet): the prompt never reached the session.
        return watch.started || !(result.interrupted || result.error)
      } catch (error) {
        // Only the latest prompt's call ends the wait (see below).
        dispatch({ type: 'failed', message: describeError(error), turn: submitting.current === watch })
        return false
      } finally {
        // A call the worker died under settles once the restarted worker is ready, which can be
        // after the next prompt was sent: that prompt is still on its way and keeps the session running.
        if (submitting.current === watch) {
          submitting.current = undefined
          dispatch({ type: 'submit_settled', sessionId })
        }
      }
    },
    [host, sessionId]
  )
  const abort = useCallback(async () => {
    if (submitting.current) submitting.current.stopped = true
    if (sessionId) await host.abort(sessionId)
  }, [host, sessionId])

  const takeOver = useCallback(async () => {
    if (!sessionId) return
    try {
      await host.takeOver(sessionId)
    } catch (error) {
      dispatch({ type: 'failed', message: describeError(error) })
    }
  }, [host, sessionId])

  const answerPermission = useCallback(
    async (requestId: string, answer: TPermissionAnswer) => {
      if (sessionId) await host.answerPermission(sessionId, requestId, answer)
    },
    [host, sessionId]
  )

  const { firstMessageIndex } = state
  const loadEarlierMessages = useCallback(
    async (count: number) => {
      if (!sessionId || firstMessageIndex === 0) return
      try {
        const page = await host.loadEarlierMessages(sessionId, firstMessageIndex, count)
        dispatch({ type: 'earlier_messages', sessionId, page })
      } catch (error) {
        dispatch({ type: 'failed', message: describeError(error) })
      }
    },
    [host, sessionId, firstMessageIndex]
  )

  const loadEarlierEvents = useEarlierEventsLoader(host, state, dispatch)

  const status = toSessionStatus(state)
  // No callback above reads `state`: one kept from an earlier render would keep that render's
  // whole conversation alive after the session closed.
  return { state, status, error: state.turnError, context: state.context, activeTools: state.activeTools, submit, abort, takeOver, answerPermission, loadEarlierMessages, loadEarlierEvents }
}

/** What the page saw of the session while its `submit` call was under way. */
type TSubmitWatch = { sessionId: string; started: boolean; stopped: boolean }

/** Events after which the stored session is ahead of what the page has seen. */
export function isReloadCue(event: THostEvent, sessionId: string | undefined): boolean {
  return (event.kind === 'turn_interrupted' || event.kind === 'session_access') && event.sessionId === sessionId
}

// Without options the call carries the session id alone: a remote call would send a left-out argument as null.
function openView(host: IAgentHost, sessionId: string, options: TOpenSessionOptions | undefined): ReturnType<IAgentHost['openSession']> {
  return options === undefined ? host.openSession(sessionId) : host.openSession(sessionId, options)
}
