import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { createAssistantMessage, createToolMessage, createUserMessage, type TUniversalMessage } from '../core/messages.ts'
import { MemorySessionStore } from './memory-session-store.ts'
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
})
