import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { createAssistantMessage, createToolMessage, createUserMessage, type TUniversalMessage } from '../core/messages.ts'
import { MemorySessionStore } from './memory-session-store.ts'
import { verifyReplayLog } from './replay-log/hash-chain.ts'
import { SessionRecorder, type TSessionRecorderOptions } from './session-recorder.ts'
import { createTestRecord } from './session-store.fixtures.ts'

/** Feeds a recorder the history appends of one round of tool calls, and counts its snapshots. */
async function recordRound(
  calls: Array<{ name: string }>,
  mayChangeWorkspace: TSessionRecorderOptions['mayChangeWorkspace'] | null = (name) => name !== 'Read' && name !== 'Grep'
): Promise<{ snapshots: number; stored: unknown }> {
  const store = new MemorySessionStore()
  const record = createTestRecord('s1', { messages: [] })
  await store.commit(record, [])
  let snapshots = 0
  const recorder = new SessionRecorder(store, record, {
    snapshotSandbox: async () => `snapshot ${++snapshots}`,
    ...(mayChangeWorkspace ? { mayChangeWorkspace } : {})
  })
  const toolCalls = calls.map((call, index) => ({ id: `call-${index}`, name: call.name, arguments: {} }))
  const messages: TUniversalMessage[] = [
    createUserMessage('Go.'),
    createAssistantMessage('Running them.', { toolCalls }),
    ...toolCalls.map((call) => createToolMessage('done', { toolCallId: call.id, toolName: call.name }))
  ]
  messages.forEach((message, index) => {
    const event = { seq: index, ts: index, sessionId: 's1', executionId: 'e', type: 'history_mutation', data: { mutation: 'append', index, message } }
    recorder.observe(event as TExecutionEventEnvelope)
  })
  // The turn's end, as the session's flush calls it.
  recorder.commit(messages.length)
  await recorder.settle()
  return { snapshots, stored: await store.loadSandboxSnapshot('s1') }
}

/** A message appended at `index`, as the session's event for it. */
function append(index: number, message: TUniversalMessage): TExecutionEventEnvelope {
  return { seq: index, ts: index, sessionId: 's1', executionId: 'e', type: 'history_mutation', data: { mutation: 'append', index, message } } as TExecutionEventEnvelope
}

describe('SessionRecorder', () => {
  it('with one snapshot per turn, takes one for a turn of three writing rounds, holding their results back until it is taken', async () => {
    const store = new MemorySessionStore()
    const record = createTestRecord('s1', { messages: [] })
    await store.commit(record, [])
    let snapshots = 0
    const recorder = new SessionRecorder(store, record, { snapshotSandbox: async () => `snapshot ${++snapshots}`, mayChangeWorkspace: () => true, snapshotOncePerTurn: true })
    const messages: TUniversalMessage[] = [createUserMessage('Write three files.')]
    for (let round = 0; round < 3; round++) {
      const call = { id: `call-${round}`, name: 'Write', arguments: {} }
      messages.push(createAssistantMessage(`Writing ${round}.`, { toolCalls: [call] }), createToolMessage('written', { toolCallId: call.id, toolName: 'Write' }))
    }
    messages.push(createAssistantMessage('All written.'))
    messages.forEach((message, index) => recorder.observe(append(index, message)))
    await recorder.settle()
    // Before the turn ends: the user message and the first call are stored, no tool result is.
    expect((await store.loadSession('s1'))?.messages.map((message) => message.role)).toEqual(['user', 'assistant'])
    expect(snapshots).toBe(0)

    recorder.commit(messages.length)
    await recorder.settle()
    expect(snapshots).toBe(1)
    expect(await store.loadSandboxSnapshot('s1')).toBe('snapshot 1')
    expect((await store.loadSession('s1'))?.messages).toHaveLength(messages.length)
    expect(await store.loadEvents('s1')).toHaveLength(messages.length)
  })

  it('stores a round’s tool results after one snapshot when a tool may have written', async () => {
    expect(await recordRound([{ name: 'Read' }, { name: 'Bash' }, { name: 'Grep' }])).toEqual({ snapshots: 1, stored: 'snapshot 1' })
    expect(await recordRound([{ name: 'Write' }])).toEqual({ snapshots: 1, stored: 'snapshot 1' })
  })

  it('takes no snapshot for a round whose tools cannot change the workspace', async () => {
    expect(await recordRound([{ name: 'Read' }, { name: 'Grep' }])).toEqual({ snapshots: 0, stored: undefined })
  })

  it('takes a snapshot for every round with tool results when it is not told which tools only read', async () => {
    expect(await recordRound([{ name: 'Read' }], null)).toEqual({ snapshots: 1, stored: 'snapshot 1' })
  })

  it('writes each provider request naming the history it shares with the last one stored, and hands them back whole', async () => {
    const store = new MemorySessionStore()
    const record = createTestRecord('s1', { messages: [] })
    await store.commit(record, [])
    let failNext = false
    const failing = Object.assign(Object.create(store) as MemorySessionStore, {
      commit: (...[stored, written]: Parameters<MemorySessionStore['commit']>) => {
        if (!failNext || !written.some((event) => event.type === 'provider_request')) return store.commit(stored, written)
        failNext = false
        return Promise.reject(new Error('disk full'))
      }
    })
    const recorder = new SessionRecorder(failing, record)
    const history: TUniversalMessage[] = []
    const events: TExecutionEventEnvelope[] = []
    const request = () => ({ seq: events.length, ts: 0, sessionId: 's1', executionId: 'e', type: 'provider_request', data: { provider: 'p', model: 'm', messages: [...history], tools: [] } }) as TExecutionEventEnvelope
    const turn = (text: string) => {
      history.push(createUserMessage(text))
      for (const event of [append(history.length - 1, history.at(-1) as TUniversalMessage), request()]) {
        events.push({ ...event, seq: events.length })
        recorder.observe(events.at(-1) as TExecutionEventEnvelope)
      }
      recorder.commit(events.length)
    }
    turn('One.')
    turn('Two.')
    await recorder.settle()
    // The write of the next request fails: it is not stored, so the request after it may not name it.
    failNext = true
    turn('Three.')
    await expect(recorder.settle()).rejects.toThrow('disk full')
    turn('Four.')
    await recorder.settle()

    const log = await store.loadReplayLog('s1')
    const requests = log.filter((entry) => entry.event.type === 'provider_request').map((entry) => entry.event.data as { historyRange?: unknown; messages: unknown[] })
    expect(requests.map((data) => [data.historyRange, data.messages.length])).toEqual([
      [undefined, 1],
      [{ seq: 1, count: 1 }, 1],
      [undefined, 4]
    ])
    expect(verifyReplayLog(log)).toMatchObject({ ok: true })
    const stored = (await store.loadEvents('s1')).filter((event) => event.type === 'provider_request')
    expect(stored.map((event) => (event.data as { messages: TUniversalMessage[] }).messages.map((message) => message.content))).toEqual([
      ['One.'],
      ['One.', 'Two.'],
      ['One.', 'Two.', 'Three.', 'Four.']
    ])
  })

  it('tells which events are not stored yet: buffered, or in a write that has not landed', async () => {
    const store = new MemorySessionStore()
    const record = createTestRecord('s1', { messages: [] })
    await store.commit(record, [])
    let land = () => {}
    const commit = store.commit.bind(store)
    store.commit = async (...args) => {
      await new Promise<void>((resolve) => (land = resolve))
      return commit(...args)
    }
    const recorder = new SessionRecorder(store, record)
    const delta = (seq: number) => ({ seq, ts: seq, sessionId: 's1', executionId: 'e', type: 'provider_stream_raw_delta', data: { delta: 'x', sequence: seq } }) as unknown as TExecutionEventEnvelope

    recorder.observe(append(0, createUserMessage('Go.')))
    recorder.observe(delta(1))
    // The user message's write waits in the store; the delta after it is buffered.
    expect(recorder.unstoredEvents().map((event) => event.seq)).toEqual([0, 1])
    await new Promise((resolve) => setTimeout(resolve, 0))
    land()
    await recorder.settle()
    expect(recorder.unstoredEvents().map((event) => event.seq)).toEqual([1])
    expect((await store.loadEvents('s1')).map((event) => event.seq)).toEqual([0])
  })

  it('counts the events of a write that failed as not stored', async () => {
    const store = new MemorySessionStore()
    const record = createTestRecord('s1', { messages: [] })
    await store.commit(record, [])
    store.commit = () => Promise.reject(new Error('disk full'))
    const recorder = new SessionRecorder(store, record)

    recorder.observe(append(0, createUserMessage('Go.')))
    await expect(recorder.settle()).rejects.toThrow('disk full')
    recorder.observe(append(1, createAssistantMessage('Gone?')))
    expect(recorder.unstoredEvents().map((event) => event.seq)).toEqual([0, 1])
    await recorder.settle().catch(() => undefined)
    expect(recorder.unstoredEvents().map((event) => event.seq)).toEqual([0, 1])
  })

  it('writes what a long round streamed so far, with the messages as committed, and not while a turn holds its writes back', async () => {
    const delta = (seq: number, text: string) => ({ seq, ts: seq, sessionId: 's1', executionId: 'e', round: 1, type: 'provider_stream_raw_delta', data: { delta: text, sequence: seq } }) as TExecutionEventEnvelope
    const store = new MemorySessionStore()
    const record = createTestRecord('s1', { messages: [] })
    await store.commit(record, [])
    const streaming = new SessionRecorder(store, record, { streamCheckpointMs: 0 })
    streaming.observe(append(0, createUserMessage('Go.')))
    streaming.observe(delta(1, 'Half '))
    streaming.observe(delta(2, 'an answer'))
    await streaming.settle()
    expect((await store.loadEvents('s1')).map((event) => event.seq)).toEqual([0, 1, 2])
    expect((await store.loadSession('s1'))?.messages.map((message) => message.content)).toEqual(['Go.'])
    expect(verifyReplayLog(await store.loadReplayLog('s1'))).toMatchObject({ ok: true })

    // The default waits a second of streaming between such writes.
    const patient = new SessionRecorder(store, (await store.loadSession('s1'))!)
    patient.observe(delta(3, '.'))
    await patient.settle()
    expect((await store.loadEvents('s1')).map((event) => event.seq)).toEqual([0, 1, 2])

    // A writing round's results wait for the turn's one snapshot, and so does the text after them.
    const other = createTestRecord('s2', { messages: [] })
    await store.commit(other, [])
    const holding = new SessionRecorder(store, other, { snapshotSandbox: async () => 'snapshot', snapshotOncePerTurn: true, streamCheckpointMs: 0 })
    const call = { id: 'call-0', name: 'Write', arguments: {} }
    const at = (seq: number, event: TExecutionEventEnvelope) => ({ ...event, seq, sessionId: 's2' }) as TExecutionEventEnvelope
    holding.observe(at(0, append(0, createUserMessage('Write.'))))
    holding.observe(at(1, append(1, createAssistantMessage('Writing.', { toolCalls: [call] }))))
    holding.observe(at(2, append(2, createToolMessage('written', { toolCallId: call.id, toolName: 'Write' }))))
    holding.observe(at(3, delta(3, 'Done')))
    await holding.settle()
    expect((await store.loadEvents('s2')).map((event) => event.seq)).toEqual([0, 1])
  })
})
