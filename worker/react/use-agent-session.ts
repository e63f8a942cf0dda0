import { useCallback, useEffect, useReducer } from 'react'
import type { IAgentHost } from '../../lib/session/agent-host.ts'
import type { TPermissionAnswer } from '../../lib/session/permission-enforcer-types.ts'
import { EMPTY_SESSION_VIEW, reduceSessionView, type TSessionViewState } from './session-view-state.ts'

/** One session as React state, with the actions a chat needs. */
export type TAgentSession = {
  state: TSessionViewState
  submit: (prompt: string) => Promise<void>
  abort: () => Promise<void>
  answerPermission: (requestId: string, answer: TPermissionAnswer) => Promise<void>
}

/**
 * Opens `sessionId` on the host and keeps its view current from the host's event batches.
 * Works with the worker client and with an in-thread host alike.
 */
export function useAgentSession(host: IAgentHost, sessionId: string | undefined): TAgentSession {
  const [state, dispatch] = useReducer(reduceSessionView, EMPTY_SESSION_VIEW)

  useEffect(() => {
    let subscriptionId: number | undefined
    let active = true
    void host
      .subscribe((events) => {
        if (active) dispatch({ type: 'host_events', events })
      })
      .then((id) => {
        subscriptionId = id
        if (!active) void host.unsubscribe(id)
      })
    return () => {
      active = false
      if (subscriptionId !== undefined) void host.unsubscribe(subscriptionId)
    }
  }, [host])

  useEffect(() => {
    if (!sessionId) return
    let active = true
    host
      .openSession(sessionId)
      .then((view) => active && dispatch({ type: 'opened', view }))
      .catch((error: unknown) => active && dispatch({ type: 'failed', message: describeError(error) }))
    return () => {
      active = false
    }
  }, [host, sessionId])

  const submit = useCallback(
    async (prompt: string) => {
      if (!sessionId) return
      try {
        await host.submit(sessionId, prompt)
      } catch (error) {
        dispatch({ type: 'failed', message: describeError(error) })
      }
    },
    [host, sessionId]
  )
  const abort = useCallback(async () => {
    if (sessionId) await host.abort(sessionId)
  }, [host, sessionId])

  const answerPermission = useCallback(
    async (requestId: string, answer: TPermissionAnswer) => {
      if (sessionId) await host.answerPermission(sessionId, requestId, answer)
    },
    [host, sessionId]
  )

  return { state, submit, abort, answerPermission }
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
