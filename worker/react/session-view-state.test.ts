import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { createAssistantMessage, createToolMessage, createUserMessage, type TUniversalMessage } from '../../lib/core/messages.ts'
import type { THostEvent, TSessionView } from '../../lib/host/agent-host.ts'
import { toSessionStatus } from './session-status.ts'
import { EMPTY_SESSION_VIEW, reduceSessionView, type TSessionViewState } from './session-view-state.ts'

const view: TSessionView = {
  summary: { id: 's1', name: 'S', createdAt: 1, updatedAt: 1, messageCount: 0, providerName: 'offline-demo', model: 'offline-demo' },
  messages: [],
  events: [],
  running: false
}

function delta(seq: number, text: string, sessionId = 's1'): THostEvent {
  const event: TExecutionEventEnvelope = { seq, ts: 1, sessionId, executionId: 'e', type: 'provider_stream_raw_delta', data: { sequence: seq, delta: text } }
  return { kind: 'replay', event }
}

function committed(seq: number, index: number, message: TUniversalMessage): THostEvent {
  const event = { seq, ts: 1, sessionId: 's1', executionId: 'e', type: 'history_mutation', data: { index, message } } as TExecutionEventEnvelope
  return { kind: 'replay', event }
}

const prompt: THostEvent = {
  kind: 'permission_request',
  sessionId: 's1',
  requestId: 'r1',
  request: { toolName: 'Bash', parameters: { command: 'ls' } } as never
}

function opened(overrides: Partial<TSessionView> = {}): TSessionViewState {
  return reduceSessionView(EMPTY_SESSION_VIEW, { type: 'opened', view: { ...view, ...overrides } })
}

function decided(seq: number, toolCallId: string, source: 'handler' | 'allow_list', pattern?: string): TExecutionEventEnvelope {
  return { seq, ts: 1, sessionId: 's1', executionId: 'e', type: 'permission_decision', data: { toolName: 'Bash', toolCallId, decision: 'allow', source, mode: 'default', ...(pattern ? { pattern } : {}) } }
}

describe('reduceSessionView', () => {
  it('keeps what decided each tool call, from the stored events and from live ones', () => {
    const state = opened({ events: [decided(0, 'c1', 'allow_list', 'Bash(ls)')] })
    expect(state.permissionDecisions.get('c1')).toMatchObject({ source: 'allow_list', pattern: 'Bash(ls)' })
    const next = reduceSessionView(state, { type: 'host_events', events: [{ kind: 'replay', event: decided(1, 'c2', 'handler') }] })
    expect([...next.permissionDecisions.keys()]).toEqual(['c1', 'c2'])
    expect(next.permissionDecisions.get('c2')?.source).toBe('handler')
  })

  it('applies a batch of deltas once, skipping events already loaded and events of other sessions', () => {
    const state = reduceSessionView(opened(), {
      type: 'host_events',
      events: [{ kind: 'turn_started', sessionId: 's1', prompt: 'hi' }, delta(0, 'Hel'), delta(1, 'lo'), delta(1, 'lo'), delta(2, '!', 'other')]
    })
    expect(state.streamingText).toBe('Hello')
    expect(state.events.map((event) => event.seq)).toEqual([0, 1])
    expect(toSessionStatus(state)).toBe('streaming')
  })

  it('keeps the driving tab’s prompts in a read-only view, to say what waits there, and drops them when this tab takes over', () => {
    const following = reduceSessionView(opened({ readOnly: true, running: true }), { type: 'host_events', events: [prompt] })
    expect(following.pendingPermissions.map((pending) => pending.requestId)).toEqual(['r1'])
    expect(toSessionStatus(following)).toBe('awaiting_permission')
    const tookOver = reduceSessionView(following, { type: 'host_events', events: [{ kind: 'session_access', sessionId: 's1', readOnly: false }] })
    expect(tookOver).toMatchObject({ readOnly: false, pendingPermissions: [] })
    const driving = reduceSessionView(tookOver, { type: 'host_events', events: [prompt] })
    expect(toSessionStatus(driving)).toBe('awaiting_permission')
  })

  it('shows a prompt once when the opened view and an event both bring it', () => {
    const following = reduceSessionView(opened({ readOnly: true, running: true, pendingPermissions: [{ requestId: 'r1', request: { toolName: 'Bash', parameters: { command: 'ls' } } as never }] }), { type: 'host_events', events: [prompt] })
    expect(following.pendingPermissions.map((pending) => pending.requestId)).toEqual(['r1'])
  })

  it('reports an interrupted turn and keeps the notice when the view is reloaded from storage', () => {
    const running = reduceSessionView(opened(), { type: 'host_events', events: [{ kind: 'turn_started', sessionId: 's1', prompt: 'hi' }, prompt] })
    const interrupted = reduceSessionView(running, { type: 'host_events', events: [{ kind: 'turn_interrupted', sessionId: 's1', reason: 'worker_restarted' }] })
    expect(interrupted).toMatchObject({ running: false, pendingPermissions: [], interruption: 'worker_restarted' })
    expect(interrupted.error).toMatch(/worker stopped and was restarted/)

    // The new host reports the same interruption as a lost driver; the worker restart is what happened.
    const twice = reduceSessionView(interrupted, { type: 'host_events', events: [{ kind: 'turn_interrupted', sessionId: 's1', reason: 'driver_lost' }] })
    expect(twice.interruption).toBe('worker_restarted')

    const reloaded = reduceSessionView(interrupted, { type: 'reloaded', view: { ...view, messages: [createUserMessage('hi')] } })
    expect(reloaded.messages).toHaveLength(1)
    expect(toSessionStatus(reloaded)).toBe('interrupted')
    const next = reduceSessionView(reloaded, { type: 'host_events', events: [{ kind: 'turn_started', sessionId: 's1', prompt: 'again' }] })
    expect(toSessionStatus(next)).toBe('thinking')
  })

  it('shows the prompts a running turn waits on when the session is opened again', () => {
    const waiting = { requestId: 'r1', request: { toolName: 'Bash', parameters: { command: 'cat README.md' } } as never }
    const state = opened({ running: true, pendingPermissions: [waiting] })
    expect(state.pendingPermissions).toEqual([waiting])
    expect(toSessionStatus(state)).toBe('awaiting_permission')
    const answered = reduceSessionView(state, { type: 'host_events', events: [{ kind: 'permission_settled', sessionId: 's1', requestId: 'r1', answer: 'allow_once' }] })
    expect(answered.pendingPermissions).toEqual([])
  })

  it('opened while its turn runs, shows the round streamed so far and the tools running, as a page that watched the turn would', () => {
    const event = (seq: number, executionId: string, type: string, data: object) => ({ seq, ts: 1, sessionId: 's1', executionId, type, data }) as TExecutionEventEnvelope
    const textOf = (seq: number, executionId: string, text: string) => event(seq, executionId, 'provider_stream_raw_delta', { sequence: seq, delta: text })
    const answer = createAssistantMessage('Sure.', { toolCalls: [{ id: 'c1', type: 'function', function: { name: 'Bash', arguments: '{}' } }] } as never)
    // The turn before was cut off mid-round: its text never reached a commit.
    const earlier = [textOf(0, 'e1', 'Cut '), textOf(1, 'e1', 'off')]
    const prompted = event(2, 'e2', 'history_mutation', { mutation: 'append', index: 1, message: createUserMessage('List the files') })
    const streaming = opened({ running: true, messages: [createUserMessage('one'), createUserMessage('List the files')], events: [...earlier, prompted, textOf(3, 'e2', 'Sure'), textOf(4, 'e2', '.')] })
    expect(streaming.streamingText).toBe('Sure.')
    expect(toSessionStatus(streaming)).toBe('streaming')

    const toolStarted = event(6, 'e2', 'tool_execution_request', { batchId: 'b1', index: 0, toolCallId: 'c1', toolName: 'Bash', parameters: { command: 'ls' }, ownerPath: [] })
    const withTool = opened({
      running: true,
      messages: [createUserMessage('one'), createUserMessage('List the files'), answer],
      events: [...earlier, prompted, textOf(3, 'e2', 'Sure'), textOf(4, 'e2', '.'), event(5, 'e2', 'history_mutation', { mutation: 'append', index: 2, message: answer }), toolStarted]
    })
    expect(withTool).toMatchObject({ streamingText: '', activeTools: [{ toolCallId: 'c1', toolName: 'Bash' }] })
    expect(withTool.messages).toHaveLength(3)
    expect(toSessionStatus(withTool)).toBe('running_tools')

    // A turn that has ended streams nothing: its events are history.
    expect(opened({ running: false, events: [...earlier, prompted, textOf(3, 'e2', 'Sure')] })).toMatchObject({ streamingText: '', activeTools: [] })

    // Read again mid-round, the view keeps the text streamed before its read and after it.
    const reloaded = reduceSessionView(streaming, { type: 'reloaded', view: { ...view, running: true, messages: streaming.messages, events: [prompted, textOf(3, 'e2', 'Sure')] } })
    expect(reloaded.streamingText).toBe('Sure.')
  })

  it('shows no tool running for a call whose result was committed without a report, as when its turn was cut off', () => {
    const event = (seq: number, type: string, data: object) => ({ seq, ts: 1, sessionId: 's1', executionId: 'e1', type, data }) as TExecutionEventEnvelope
    const call = createAssistantMessage('', { toolCalls: [{ id: 'c1', type: 'function', function: { name: 'Bash', arguments: '{}' } }] } as never)
    const lost = createToolMessage('Error: Execution interrupted', { toolCallId: 'c1', toolName: 'Bash' })
    const started = event(1, 'tool_execution_request', { batchId: 'b1', index: 0, toolCallId: 'c1', toolName: 'Bash', parameters: {}, ownerPath: [] })
    // The worker died mid-tool and the next host closed the call off in storage; a new turn started
    // and has published nothing yet, so the events replayed are the cut-off turn's.
    const reopened = opened({
      running: true,
      messages: [createUserMessage('ls'), call, lost, createUserMessage('again')],
      events: [event(0, 'history_mutation', { mutation: 'append', index: 1, message: call }), started, event(2, 'history_mutation', { mutation: 'append', index: 2, message: lost })]
    })
    expect(reopened.activeTools).toEqual([])
    expect(toSessionStatus(reopened)).not.toBe('running_tools')
  })

  it('opens a view onto the same empty lists each time React redoes the update, so nothing downstream sees a change', () => {
    const other = reduceSessionView(EMPTY_SESSION_VIEW, { type: 'opened', view: { ...view, summary: { ...view.summary, id: 'other' } } })
    const once = reduceSessionView(other, { type: 'opened', view })
    const again = reduceSessionView(other, { type: 'opened', view })
    expect(again.warnings).toBe(once.warnings)
    expect(again.pendingPermissions).toBe(once.pendingPermissions)
  })

  it('never leaves holes in the messages: a commit past the end asks for the view to be read again', () => {
    const stale = opened({ messages: [createUserMessage('one')], events: [] })
    // A restarted worker committed message 1 where this view did not see it; message 2 arrives.
    const ahead = reduceSessionView(stale, { type: 'host_events', events: [committed(5, 2, createUserMessage('three'))] })
    expect(ahead.messages).toHaveLength(1)
    expect(ahead.messages.every((message) => message !== undefined)).toBe(true)
    expect(ahead.behindStorage).toBe(1)
    expect(ahead.events.map((event) => event.seq)).toEqual([5])
  })

  it('a reload keeps what arrived after the host read the view, applied on top of it', () => {
    const before = reduceSessionView(opened({ messages: [createUserMessage('one')] }), {
      type: 'host_events',
      events: [{ kind: 'turn_started', sessionId: 's1', prompt: 'three' }, committed(5, 2, createUserMessage('three')), delta(6, 'Wri'), delta(7, 'ting')]
    })
    const storedEvents = [0, 1, 2, 3, 4].map((seq) => ({ seq, ts: 1, sessionId: 's1', executionId: 'e', type: 'turn_start', data: {} }) as unknown as TExecutionEventEnvelope)
    const reloaded = reduceSessionView(before, {
      type: 'reloaded',
      view: { ...view, messages: [createUserMessage('one'), createAssistantMessage('Interrupted')], events: storedEvents, running: false }
    })
    expect(reloaded.messages.map((message) => message.content)).toEqual(['one', 'Interrupted', 'three'])
    expect(reloaded.events.map((event) => event.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect(reloaded.streamingText).toBe('Writing')
    expect(toSessionStatus(reloaded)).toBe('streaming')
  })

  it('a reload read before a new turn asked for permission keeps the prompt and the running tool', () => {
    const toolRequest = { seq: 3, ts: 1, sessionId: 's1', executionId: 'e2', type: 'tool_execution_request', data: { batchId: 'b1', index: 0, toolCallId: 'c1', toolName: 'Bash', parameters: { command: 'cat README.md' }, ownerPath: [] } } as TExecutionEventEnvelope
    // A take-over's notices ask for a reload; the new turn asks before the reload's view arrives.
    const asking = reduceSessionView(opened({ events: [decided(0, 'c0', 'handler')] }), {
      type: 'host_events',
      events: [{ kind: 'turn_started', sessionId: 's1', prompt: 'My turn now' }, { kind: 'replay', event: toolRequest }, prompt]
    })
    const reloaded = reduceSessionView(asking, { type: 'reloaded', view: { ...view, events: [decided(0, 'c0', 'handler')], running: false } })
    expect(reloaded.pendingPermissions.map((pending) => pending.requestId)).toEqual(['r1'])
    expect(reloaded.activeTools.map((tool) => tool.toolCallId)).toEqual(['c1'])
    expect(toSessionStatus(reloaded)).toBe('awaiting_permission')

    // Read after the tool started, the view holds its request: it is still shown once.
    const readLater = reduceSessionView(asking, { type: 'reloaded', view: { ...view, events: [decided(0, 'c0', 'handler'), toolRequest], running: true } })
    expect(readLater.activeTools).toHaveLength(1)

    // Another tab drives the session now: told so, this one still shows the tool and what waits
    // for approval (the page renders no prompt to answer in a read-only view).
    const handedOver = reduceSessionView(asking, { type: 'host_events', events: [{ kind: 'session_access', sessionId: 's1', readOnly: true }] })
    const following = reduceSessionView(handedOver, { type: 'reloaded', view: { ...view, events: [decided(0, 'c0', 'handler')], running: true, readOnly: true } })
    expect(following.pendingPermissions.map((pending) => pending.requestId)).toEqual(['r1'])
    expect(following.activeTools).toHaveLength(1)

    // The turn's end, told before or after the read, leaves nothing waiting.
    const finished: THostEvent = { kind: 'turn_finished', sessionId: 's1', result: { response: 'done', interrupted: false, toolsExecuted: ['Bash'] } }
    const endedFirst = reduceSessionView(reduceSessionView(asking, { type: 'host_events', events: [finished] }), { type: 'reloaded', view })
    const endedAfter = reduceSessionView(reloaded, { type: 'host_events', events: [finished] })
    for (const ended of [endedFirst, endedAfter]) expect(ended).toMatchObject({ running: false, pendingPermissions: [], activeTools: [] })
  })

  it('counts a submitted turn as running before the host starts it, through a reload, until it starts or the call settles', () => {
    const failedBefore = reduceSessionView(opened(), { type: 'failed', message: 'The last turn failed.' })
    const submitted = reduceSessionView(failedBefore, { type: 'submitted', sessionId: 's1' })
    expect(submitted).toMatchObject({ running: true, submitting: true, error: undefined })
    expect(toSessionStatus(submitted)).toBe('thinking')
    // A restart reads the view again while the call waits for the new worker: the host knows no turn yet.
    const reloaded = reduceSessionView(submitted, { type: 'reloaded', view: { ...view, running: false } })
    expect(reloaded.running).toBe(true)

    const started = reduceSessionView(reloaded, { type: 'host_events', events: [{ kind: 'turn_started', sessionId: 's1', prompt: 'hi' }] })
    expect(started.submitting).toBe(false)
    const finished = reduceSessionView(started, {
      type: 'host_events',
      events: [{ kind: 'turn_finished', sessionId: 's1', result: { response: 'Hello', toolsExecuted: [] } as never }]
    })
    expect(reduceSessionView(finished, { type: 'submit_settled', sessionId: 's1' })).toBe(finished)
    expect(toSessionStatus(finished)).toBe('idle')

    // The new host closes off the turn the lost worker cut (reported late); the prompt waiting for it still runs.
    const closedOff = reduceSessionView(submitted, { type: 'host_events', events: [{ kind: 'turn_interrupted', sessionId: 's1', reason: 'driver_lost' }] })
    expect(closedOff).toMatchObject({ running: true, submitting: true, interruption: 'driver_lost' })

    // A call that settles without the turn ever starting (the worker died first) leaves the session idle.
    expect(reduceSessionView(submitted, { type: 'submit_settled', sessionId: 's1' })).toMatchObject({ running: false, submitting: false })
  })

  it('stops running when the turn’s own call fails, not when another call does', () => {
    const running = reduceSessionView(opened(), { type: 'host_events', events: [{ kind: 'turn_started', sessionId: 's1', prompt: 'hi' }] })
    const pagingFailed = reduceSessionView(running, { type: 'failed', message: 'The earlier messages could not be read.' })
    expect(pagingFailed).toMatchObject({ running: true, error: 'The earlier messages could not be read.' })
    expect(reduceSessionView(running, { type: 'failed', message: 'The agent client was terminated.', turn: true }).running).toBe(false)
  })

  it('ignores the submit of a session the view no longer shows', () => {
    const state = opened()
    expect(reduceSessionView(state, { type: 'submitted', sessionId: 'other' })).toBe(state)
    const submitted = reduceSessionView(state, { type: 'submitted', sessionId: 's1' })
    expect(reduceSessionView(submitted, { type: 'submit_settled', sessionId: 'other' })).toBe(submitted)
  })

  it('shows a page of the latest messages, places new ones after it and takes earlier pages in front', () => {
    const history = Array.from({ length: 6 }, (_, index) => (index % 2 === 0 ? createUserMessage(`q${index}`) : createAssistantMessage(`a${index}`)))
    const paged = opened({ messages: history.slice(4), firstMessageIndex: 4 })
    expect(paged.firstMessageIndex).toBe(4)

    // Indexes are the history's: message 6 goes after the two shown, not at position 6.
    const next = reduceSessionView(paged, { type: 'host_events', events: [committed(0, 6, createUserMessage('q6'))] })
    expect(next.messages.map((message) => message.content)).toEqual(['q4', 'a5', 'q6'])
    expect(next.behindStorage).toBe(0)

    const earlier = reduceSessionView(next, { type: 'earlier_messages', sessionId: 's1', page: { messages: history.slice(1, 4), firstIndex: 1 } })
    expect(earlier.firstMessageIndex).toBe(1)
    expect(earlier.messages.map((message) => message.content)).toEqual(['a1', 'q2', 'a3', 'q4', 'a5', 'q6'])
    // A page that does not end where the shown messages begin (read before a reload, say) is dropped.
    expect(reduceSessionView(earlier, { type: 'earlier_messages', sessionId: 's1', page: { messages: history.slice(0, 2), firstIndex: 0 } })).toBe(earlier)
    expect(reduceSessionView(earlier, { type: 'earlier_messages', sessionId: 'other', page: { messages: history.slice(0, 1), firstIndex: 0 } })).toBe(earlier)
    // A message committed past the end of what the view holds still asks for a reload.
    expect(reduceSessionView(paged, { type: 'host_events', events: [committed(0, 7, createUserMessage('q7'))] }).behindStorage).toBe(1)
  })

  it('opens on a window of the latest events and takes earlier pages in front, with their permission decisions', () => {
    const paged = opened({ events: [decided(10, 'call-2', 'handler'), decided(11, 'call-3', 'allow_list', 'Bash(ls)')], earlierEvents: true })
    expect(paged.earlierEvents).toBe(true)

    const earlier = reduceSessionView(paged, { type: 'earlier_events', sessionId: 's1', page: { events: [decided(8, 'call-1', 'handler'), decided(9, 'call-3', 'handler')], earlierEvents: false } })
    expect(earlier.events.map((event) => event.seq)).toEqual([8, 9, 10, 11])
    expect(earlier.earlierEvents).toBe(false)
    expect([...earlier.permissionDecisions.keys()].sort()).toEqual(['call-1', 'call-2', 'call-3'])
    // The loaded decision on a call is newer than the page's.
    expect(earlier.permissionDecisions.get('call-3')?.source).toBe('allow_list')
    // A page that overlaps what is loaded (read before a reload), comes for another session, or comes once none are left, is dropped.
    expect(reduceSessionView(paged, { type: 'earlier_events', sessionId: 's1', page: { events: [decided(10, 'call-9', 'handler')], earlierEvents: false } })).toBe(paged)
    expect(reduceSessionView(paged, { type: 'earlier_events', sessionId: 'other', page: { events: [decided(1, 'call-9', 'handler')], earlierEvents: false } })).toBe(paged)
    expect(reduceSessionView(earlier, { type: 'earlier_events', sessionId: 's1', page: { events: [decided(1, 'call-9', 'handler')], earlierEvents: false } })).toBe(earlier)
  })
})
