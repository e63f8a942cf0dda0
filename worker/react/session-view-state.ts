import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
import type { TRunError } from '../../lib/core/run-error.ts'
import type { TEventPage, THostEvent, TMessagePage, TPendingPermission, TSessionContextState, TSessionView } from '../../lib/host/agent-host.ts'
import { sessionIdOf } from '../host-event-fanout.ts'
import { pageJoinsLoadedEvents } from './earlier-events.ts'

export type { TPendingPermission }

/** A tool call that started and has not reported its result yet. */
export type TActiveTool = { toolCallId: string; toolName: string; parameters: Record<string, unknown> }

/** Why the last turn stopped without finishing (see the `turn_interrupted` host event). */
export type TTurnInterruption = 'worker_restarted' | 'driver_lost'

/** What a page shows of one session: committed messages, the text streaming now, and events. */
export type TSessionViewState = {
  sessionId: string | undefined
  name: string
  /** The committed messages from `firstMessageIndex` on. */
  messages: TUniversalMessage[]
  /** Where `messages` starts in the history: above 0 while earlier messages are not loaded. */
  firstMessageIndex: number
  /** Text of the assistant round in flight, until it is committed. */
  streamingText: string
  /** The replay events from the earliest loaded on (see `TSessionView.events`). */
  events: TExecutionEventEnvelope[]
  /** True while the session has events before `events` that are not loaded. */
  earlierEvents: boolean
  running: boolean
  /**
   * True from `submit` until the host reports the turn started or the call settles. The turn counts
   * as running meanwhile: the call can wait seconds for a restarting worker, and a prompt sent in
   * that time must wait for it rather than race it.
   */
  submitting: boolean
  /** True when another tab drives the session: turns are refused here, and only that tab can answer a permission prompt. */
  readOnly: boolean
  /** What the session was assembled without (an MCP server that failed), each reason naming it. */
  warnings: string[]
  /** Whether the session's sandbox is loading, ready or failed to start. */
  sandboxStatus: 'idle' | 'loading' | 'ready' | 'failed'
  /** Tool calls waiting for the user's approval, oldest first; in a read-only view, the driving tab's, to show what waits there. */
  pendingPermissions: TPendingPermission[]
  /** Tool calls running now, in the order they started. */
  activeTools: TActiveTool[]
  /** What decided each tool call that was judged (a rule, the mode, the user's answer), by tool call id. */
  permissionDecisions: ReadonlyMap<string, TToolCallDecision>
  /** Set when the last turn was cut off by a lost worker or tab. */
  interruption: TTurnInterruption | undefined
  /**
   * What the page should say went wrong, worded for people: a call the host refused (a second
   * turn, a provider without a key), a turn that could not run, a lost worker, a sandbox that did
   * not start. A model call that failed ends its turn with a failure notice instead: see `turnError`.
   */
  error: string | undefined
  /**
   * Why the last turn failed, with the error's code (`AUTHENTICATION_ERROR` for a refused key, a
   * failed model call included), while no newer turn has started.
   */
  turnError: TRunError | undefined
  /**
   * Counts the events that showed storage ahead of this view (a message committed at an index past
   * the end of `messages`); each change asks for the view to be read again.
   */
  behindStorage: number
  /** How full the context window is, as the session's engine (`/context`) last said; unknown until the host has assembled the session. */
  context: TSessionContextState | undefined
}

/** How a tool call was allowed or denied, from its `permission_decision` event. */
export type TToolCallDecision = TExecutionEventEnvelope<'permission_decision'>['data']

/** Changes to the view: a session was opened or reloaded, host events arrived, a call failed. */
export type TSessionViewAction =
  | { type: 'opened'; view: TSessionView }
  /** The same session read again from the host (after a restart or a takeover); notices stay. */
  | { type: 'reloaded'; view: TSessionView }
  | { type: 'host_events'; events: readonly THostEvent[] }
  /** Messages just before the loaded ones, paged in (`IAgentHost.loadEarlierMessages`). */
  | { type: 'earlier_messages'; sessionId: string; page: TMessagePage }
  /** Replay events just before the loaded ones, paged in (`IAgentHost.loadEarlierEvents`). */
  | { type: 'earlier_events'; sessionId: string; page: TEventPage }
  /** A call failed; `turn` when it was the turn's own `submit`, which then no longer runs. */
  | { type: 'failed'; message: string; turn?: boolean }
  /** The page asked the host to run a turn; it runs from now on, as far as the page can tell. */
  | { type: 'submitted'; sessionId: string }
  /** The page's `submit` call settled, however it ended. */
  | { type: 'submit_settled'; sessionId: string }

/** The state before any session is open. */
export const EMPTY_SESSION_VIEW: TSessionViewState = {
  sessionId: undefined,
  name: '',
  messages: [],
  firstMessageIndex: 0,
  streamingText: '',
  events: [],
  earlierEvents: false,
  running: false,
  submitting: false,
  readOnly: false,
  sandboxStatus: 'idle',
  warnings: [],
  pendingPermissions: [],
  activeTools: [],
  permissionDecisions: new Map(),
  interruption: undefined,
  error: undefined,
  turnError: undefined,
  behindStorage: 0,
  context: undefined
}

const INTERRUPTION_TEXT: Record<TTurnInterruption, string> = {
  worker_restarted: 'The turn was interrupted: the agent worker stopped and was restarted. Committed messages are kept.',
  driver_lost: 'The turn was interrupted: the tab running it closed before it finished. Committed messages are kept.'
}

/** Folds host events into the view of one session; events of other sessions are ignored. */
export function reduceSessionView(state: TSessionViewState, action: TSessionViewAction): TSessionViewState {
  switch (action.type) {
    case 'opened':
      return fromView(action.view, state)
    case 'reloaded': {
      const { view } = action
      if (state.sessionId !== view.summary.id) return fromView(view, EMPTY_SESSION_VIEW)
      // Events that reached the page after the host read the view are newer than it: they are
      // applied again on top, so a turn that began meanwhile keeps its messages and its text.
      const lastSeq = view.events.at(-1)?.seq ?? -1
      const newer = state.events.filter((event) => event.seq > lastSeq)
      const base = fromView(view, state)
      // A turn submitted and not yet started is running too, though the host's view cannot know it.
      const running = newer.length > 0 ? state.running : base.running || state.submitting
      const reloaded = { ...base, interruption: state.interruption, error: state.error, running, submitting: state.submitting, events: view.events.concat(newer) }
      // What the page was told of prompts and running tools is newer than the view: kept as it is.
      // A tab that stops driving the session is told so by an event that clears its prompts.
      return { ...newer.reduce(applyReplayEvent, reloaded), activeTools: state.activeTools, pendingPermissions: state.pendingPermissions }
    }
    case 'failed':
      // Another call's failure (paging in earlier messages, say) leaves a running turn running.
      return action.turn ? { ...state, running: false, submitting: false, error: action.message } : { ...state, error: action.message }
    case 'submitted':
      if (action.sessionId !== state.sessionId) return state
      return { ...state, running: true, submitting: true, error: undefined, turnError: undefined, interruption: undefined }
    case 'submit_settled':
      // A turn that started ends with its own event; one that never started ends here.
      return action.sessionId === state.sessionId && state.submitting ? { ...state, running: false, submitting: false } : state
    case 'earlier_messages': {
      const { page } = action
      // A page read before the view changed (another session, a reload, a reset) no longer joins it.
      if (action.sessionId !== state.sessionId || page.firstIndex + page.messages.length !== state.firstMessageIndex) return state
      return { ...state, messages: page.messages.concat(state.messages), firstMessageIndex: page.firstIndex }
    }
    case 'earlier_events': {
      const { page } = action
      if (!pageJoinsLoadedEvents(state, action.sessionId, page)) return state
      // A later decision on the same call wins: the loaded ones are newer than the page.
      const permissionDecisions = new Map([...decisionsIn(page.events), ...state.permissionDecisions])
      return { ...state, events: page.events.concat(state.events), earlierEvents: page.earlierEvents, permissionDecisions }
    }
    case 'host_events': {
      // Replay events are gathered and appended once per batch: a batch can hold thousands.
      const appended: TExecutionEventEnvelope[] = []
      let next = state
      for (const event of action.events) {
        if (sessionIdOf(event) === state.sessionId) next = applyHostEvent(next, event, appended)
      }
      return appended.length > 0 ? { ...next, events: state.events.concat(appended) } : next
    }
  }
}

/** A view read from the host; `previous` lends its sandbox status when it shows the same session. */
function fromView(view: TSessionView, previous: TSessionViewState): TSessionViewState {
  const state: TSessionViewState = {
    ...EMPTY_SESSION_VIEW,
    sessionId: view.summary.id,
    name: view.summary.name,
    messages: view.messages,
    firstMessageIndex: view.firstMessageIndex ?? 0,
    events: view.events,
    earlierEvents: view.earlierEvents === true,
    permissionDecisions: decisionsIn(view.events),
    running: view.running,
    readOnly: view.readOnly === true,
    // A follower's host has none: what waits in the driving tab arrives with that tab's events.
    pendingPermissions: view.pendingPermissions ?? EMPTY_SESSION_VIEW.pendingPermissions,
    sandboxStatus: previous.sessionId === view.summary.id ? previous.sandboxStatus : 'idle',
    // Kept, or the shared empty list: React may redo this update in several renders before it
    // commits, and a new array each time would look like new warnings to what follows them.
    warnings: previous.sessionId === view.summary.id ? previous.warnings : EMPTY_SESSION_VIEW.warnings,
    behindStorage: previous.behindStorage,
    // Known from the session's `context_update` events: a view read again keeps the figure it had.
    context: previous.sessionId === view.summary.id ? previous.context : undefined
  }
  // A running turn's streamed text and running tools are in its events: replayed, the page shows
  // the turn as it would have had it watched from the turn's start.
  const turn = view.events.at(-1)?.executionId
  return view.running ? view.events.filter((event) => event.executionId === turn).reduce(applyReplayEvent, state) : state
}

function applyHostEvent(state: TSessionViewState, event: THostEvent, appended: TExecutionEventEnvelope[]): TSessionViewState {
  switch (event.kind) {
    case 'turn_started':
      return { ...state, running: true, submitting: false, error: undefined, turnError: undefined, interruption: undefined, streamingText: '', activeTools: [] }
    case 'turn_finished':
      return { ...state, running: false, streamingText: '', pendingPermissions: [], activeTools: [], turnError: event.result.error }
    case 'turn_failed':
      return {
        ...state,
        running: false,
        streamingText: '',
        pendingPermissions: [],
        activeTools: [],
        error: event.message,
        turnError: { name: 'Error', code: event.code as TRunError['code'], message: event.message, category: 'system', recoverable: false }
      }
    case 'turn_interrupted': {
      // A worker restart is reported twice: by the client, and by the new host that closed the
      // turn off. The client's reason is the one that says what happened.
      const reason = state.interruption === 'worker_restarted' && !state.running ? 'worker_restarted' : event.reason
      // A prompt submitted since waits for the new worker: it still runs, until its call settles.
      return { ...state, running: state.submitting, streamingText: '', pendingPermissions: [], activeTools: [], interruption: reason, error: INTERRUPTION_TEXT[reason] }
    }
    case 'session_access':
      // Prompts shown while following were the driving tab's: taking over ends that tab's turn.
      return { ...state, readOnly: event.readOnly, ...(event.readOnly ? {} : { pendingPermissions: [] }) }
    case 'session_warnings':
      return { ...state, warnings: event.warnings }
    case 'context_update':
      return { ...state, context: event.context }
    case 'sandbox_status':
      return { ...state, sandboxStatus: event.status, ...(event.status === 'failed' ? { error: event.message } : {}) }
    case 'permission_request':
      // A follower's opened view may already hold it: the driving tab told it so as it started following.
      if (state.pendingPermissions.some((pending) => pending.requestId === event.requestId)) return state
      return { ...state, pendingPermissions: [...state.pendingPermissions, { requestId: event.requestId, request: event.request }] }
    case 'permission_settled':
      return { ...state, pendingPermissions: state.pendingPermissions.filter((pending) => pending.requestId !== event.requestId) }
    case 'replay': {
      // A batch can repeat events the opened view already loaded from storage.
      const lastSeq = (appended.at(-1) ?? state.events.at(-1))?.seq ?? -1
      if (event.event.seq <= lastSeq) return state
      appended.push(event.event)
      return applyReplayEvent(state, event.event)
    }
    default:
      // Compaction, command and sandbox-switch notices are for the panels that show them.
      return state
  }
}

function applyReplayEvent(state: TSessionViewState, event: TExecutionEventEnvelope): TSessionViewState {
  switch (event.type) {
    case 'provider_stream_raw_delta':
      return { ...state, streamingText: state.streamingText + event.data.delta }
    case 'tool_execution_request': {
      const { toolCallId, toolName, parameters } = event.data
      return { ...state, activeTools: [...state.activeTools, { toolCallId, toolName, parameters }] }
    }
    case 'tool_execution_result':
      return { ...state, activeTools: state.activeTools.filter((tool) => tool.toolCallId !== event.data.toolCallId) }
    case 'permission_decision':
      return { ...state, permissionDecisions: new Map(state.permissionDecisions).set(event.data.toolCallId, event.data) }
    // A compaction or a clear replaced the conversation: the page shows what the model now sees.
    case 'history_replaced' as TExecutionEventEnvelope['type']: {
      const { messages } = (event as unknown as { data: { messages: TUniversalMessage[] } }).data
      return { ...state, messages: [...messages], firstMessageIndex: 0, streamingText: '' }
    }
    case 'history_mutation': {
      // Past the end: messages before it were committed where this view did not see them (a
      // restarted worker closed a turn off). Writing it would leave holes; the view is read again.
      const at = event.data.index - state.firstMessageIndex
      if (at > state.messages.length) return { ...state, behindStorage: state.behindStorage + 1 }
      // Before the loaded page: that message is not shown, so there is nothing to change.
      if (at < 0) return state
      const { message } = event.data
      const messages = [...state.messages]
      messages[at] = message
      const streamingText = message.role === 'assistant' ? '' : state.streamingText
      // A committed result ends its call, also one cut off before it reported (an abort, a lost worker).
      const activeTools = message.role === 'tool' ? state.activeTools.filter((tool) => tool.toolCallId !== message.toolCallId) : state.activeTools
      return { ...state, messages, streamingText, activeTools }
    }
    default:
      return state
  }
}

function decisionsIn(events: readonly TExecutionEventEnvelope[]): Map<string, TToolCallDecision> {
  const decisions = new Map<string, TToolCallDecision>()
  for (const event of events) if (event.type === 'permission_decision') decisions.set(event.data.toolCallId, event.data)
  return decisions
}
