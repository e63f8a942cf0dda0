import type { IExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
import type { THostEvent, TSessionView } from '../../lib/session/agent-host.ts'
import type { TPermissionRequest } from '../../lib/session/permission-enforcer-types.ts'

/** A permission prompt waiting for the user. */
export type TPendingPermission = { requestId: string; request: TPermissionRequest }

/** What a page shows of one session: committed messages, the text streaming now, and events. */
export type TSessionViewState = {
  sessionId: string | undefined
  name: string
  messages: TUniversalMessage[]
  /** Text of the assistant round in flight, until it is committed. */
  streamingText: string
  events: IExecutionEventEnvelope[]
  running: boolean
  /** Whether the session's sandbox is loading, ready or failed to start. */
  sandboxStatus: 'idle' | 'loading' | 'ready' | 'failed'
  /** Tool calls waiting for the user's approval, oldest first. */
  pendingPermissions: TPendingPermission[]
  /** The last turn's failure, worded for people. */
  error: string | undefined
}

/** Changes to the view: a session was opened, or host events arrived. */
export type TSessionViewAction =
  | { type: 'opened'; view: TSessionView }
  | { type: 'host_events'; events: readonly THostEvent[] }
  | { type: 'failed'; message: string }

/** The state before any session is open. */
export const EMPTY_SESSION_VIEW: TSessionViewState = {
  sessionId: undefined,
  name: '',
  messages: [],
  streamingText: '',
  events: [],
  running: false,
  sandboxStatus: 'idle',
  pendingPermissions: [],
  error: undefined
}

/** Folds host events into the view of one session; events of other sessions are ignored. */
export function reduceSessionView(state: TSessionViewState, action: TSessionViewAction): TSessionViewState {
  if (action.type === 'opened') {
    const { view } = action
    return {
      sessionId: view.summary.id,
      name: view.summary.name,
      messages: view.messages,
      streamingText: '',
      events: view.events,
      running: view.running,
      sandboxStatus: state.sessionId === view.summary.id ? state.sandboxStatus : 'idle',
      pendingPermissions: [],
      error: undefined
    }
  }
  if (action.type === 'failed') return { ...state, running: false, error: action.message }
  let next = state
  for (const event of action.events) next = applyHostEvent(next, event)
  return next
}

function applyHostEvent(state: TSessionViewState, event: THostEvent): TSessionViewState {
  const sessionId = event.kind === 'replay' ? event.event.sessionId : event.sessionId
  if (sessionId !== state.sessionId) return state
  switch (event.kind) {
    case 'turn_started':
      return { ...state, running: true, error: undefined, streamingText: '' }
    case 'turn_finished':
      return { ...state, running: false, streamingText: '', pendingPermissions: [] }
    case 'turn_failed':
      return { ...state, running: false, streamingText: '', pendingPermissions: [], error: event.message }
    case 'sandbox_status':
      return { ...state, sandboxStatus: event.status, ...(event.status === 'failed' ? { error: event.message } : {}) }
    case 'permission_request':
      return { ...state, pendingPermissions: [...state.pendingPermissions, { requestId: event.requestId, request: event.request }] }
    case 'permission_settled':
      return { ...state, pendingPermissions: state.pendingPermissions.filter((pending) => pending.requestId !== event.requestId) }
    case 'replay': {
      // A batch can repeat events the opened view already loaded from storage.
      const lastSeq = state.events.at(-1)?.seq ?? -1
      if (event.event.seq <= lastSeq) return state
      return applyReplayEvent({ ...state, events: [...state.events, event.event] }, event.event)
    }
  }
}

function applyReplayEvent(state: TSessionViewState, event: IExecutionEventEnvelope): TSessionViewState {
  switch (event.type) {
    case 'provider_stream_raw_delta':
      return { ...state, streamingText: state.streamingText + event.data.delta }
    case 'history_mutation': {
      const messages = [...state.messages]
      messages[event.data.index] = event.data.message
      const streamingText = event.data.message.role === 'assistant' ? '' : state.streamingText
      return { ...state, messages, streamingText }
    }
    default:
      return state
  }
}
