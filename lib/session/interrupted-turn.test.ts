import { describe, expect, it, vi } from 'vitest'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { createAssistantMessage, createToolMessage, createUserMessage, type TUniversalMessage } from '../core/messages.ts'
import { verifyReplayLog } from '../storage/replay-log/hash-chain.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { closeInterruptedTurn } from './interrupted-turn.ts'
import { planInterruptedTurn, TOOL_LOST_MESSAGE } from './interrupted-turn-repair.ts'

const prompt = createUserMessage('Fix it')
const toolCalls = [
  { id: 'call_ls', name: 'Bash', arguments: { command: 'ls' } },
  { id: 'call_cat', name: 'Bash', arguments: { command: 'cat README.md' } }
]
const askedForTools = createAssistantMessage('Looking.', { toolCalls })
const lsResult = createToolMessage('README.md', { toolCallId: 'call_ls', toolName: 'Bash' })
const catResult = createToolMessage('# hi', { toolCallId: 'call_cat', toolName: 'Bash' })
const finalAnswer = createAssistantMessage('Done.')

describe('planInterruptedTurn', () => {
  it.each<[string, TUniversalMessage[], Array<Partial<TUniversalMessage>>]>([
    ['an empty history', [], []],
    ['a finished turn', [prompt, askedForTools, lsResult, catResult, finalAnswer], []],
    ['tool results all in (an abort leaves this shape)', [prompt, askedForTools, lsResult, catResult], []],
    ['a prompt with no answer yet', [prompt], [{ role: 'assistant', content: '', state: 'interrupted' }]],
    ['a compaction\'s summary (a user message no turn waits on)', [createUserMessage('Summary of the conversation so far', { metadata: { compactSummary: true } })], []],
    [
      'tool calls without results',
      [prompt, askedForTools],
      [
        { role: 'tool', toolCallId: 'call_ls', content: TOOL_LOST_MESSAGE, state: 'interrupted' },
        { role: 'tool', toolCallId: 'call_cat', content: TOOL_LOST_MESSAGE, state: 'interrupted' }
      ]
    ],
    ['one tool call of two answered', [prompt, askedForTools, lsResult], [{ role: 'tool', toolCallId: 'call_cat', toolName: 'Bash' }]]
  ])('%s', (_, messages, expected) => {
    const planned = planInterruptedTurn(messages)
    expect(planned).toHaveLength(expected.length)
    planned.forEach((message, index) => expect(message).toMatchObject(expected[index] ?? {}))
  })

  it('keeps the text an answer had streamed, after the prompt or after a round’s tool results', () => {
    expect(planInterruptedTurn([prompt], 'Half an')).toMatchObject([{ role: 'assistant', content: 'Half an', state: 'interrupted' }])
    expect(planInterruptedTurn([prompt, askedForTools, lsResult, catResult], 'It says')).toMatchObject([{ role: 'assistant', content: 'It says', state: 'interrupted' }])
    expect(planInterruptedTurn([prompt, askedForTools, lsResult, catResult, finalAnswer], 'late')).toEqual([])
  })
})

describe('closeInterruptedTurn', () => {
  it('appends the closing messages with history_mutation events that continue seq and the hash chain', async () => {
    const store = new MemorySessionStore()
    const record = { id: 's1', name: 'S', createdAt: 1, updatedAt: 1, model: 'm', providerName: 'p', messages: [prompt, askedForTools], nextEventSeq: 2 }
    const events = [prompt, askedForTools].map((message, index) => ({
      seq: index,
      ts: 1,
      sessionId: 's1',
      executionId: 'exec_1',
      type: 'history_mutation' as const,
      data: { mutation: 'append' as const, index, message }
    }))
    await store.commit(record, events)

    const written = await closeInterruptedTurn(store, 's1')

    expect(written.map((event) => [event.seq, event.type, event.executionId])).toEqual([
      [2, 'history_mutation', 'exec_1'],
      [3, 'history_mutation', 'exec_1']
    ])
    const stored = await store.loadSession('s1')
    expect(stored?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'tool'])
    expect(stored?.nextEventSeq).toBe(4)
    expect(verifyReplayLog(await store.loadReplayLog('s1'))).toMatchObject({ ok: true, recordCount: 4 })
    // Replaying the log's appends rebuilds the repaired history exactly.
    const rebuilt: TUniversalMessage[] = []
    for (const event of await store.loadEvents('s1')) if (event.type === 'history_mutation') rebuilt[event.data.index] = event.data.message
    expect(rebuilt).toEqual(stored?.messages)
    expect(await closeInterruptedTurn(store, 's1')).toEqual([])
    expect(await closeInterruptedTurn(store, 'unknown')).toEqual([])
  })

  it('reads only the last turn of a long conversation to find that nothing needs closing', async () => {
    const store = new MemorySessionStore()
    const messages = Array.from({ length: 200 }, (_, index) => (index % 2 === 0 ? createUserMessage(`q${index}`) : createAssistantMessage(`a${index}`)))
    await store.commit({ id: 's1', name: 'S', createdAt: 1, updatedAt: 1, model: 'm', providerName: 'p', messages, nextEventSeq: 0 }, [])
    const wholeReads = vi.spyOn(store, 'loadSession')
    expect(await closeInterruptedTurn(store, 's1')).toEqual([])
    expect(wholeReads).not.toHaveBeenCalled()
  })

  it('looks further back when the latest messages are all tool results, and closes the calls left without one', async () => {
    const store = new MemorySessionStore()
    const calls = Array.from({ length: 30 }, (_, index) => ({ id: `call_${index}`, name: 'Bash', arguments: { command: `echo ${index}` } }))
    const results = calls.slice(0, 20).map((call) => createToolMessage('ok', { toolCallId: call.id, toolName: 'Bash' }))
    const messages = [prompt, createAssistantMessage('Running them all.', { toolCalls: calls }), ...results]
    await store.commit({ id: 's1', name: 'S', createdAt: 1, updatedAt: 1, model: 'm', providerName: 'p', messages, nextEventSeq: 0 }, [])
    const written = await closeInterruptedTurn(store, 's1')
    expect(written.map((event) => (event.type === 'history_mutation' && event.data.message.role === 'tool' ? event.data.message.toolCallId : undefined))).toEqual(
      calls.slice(20).map((call) => call.id)
    )
  })

  describe('an answer streaming when the driver went away', () => {
    const request = (seq: number, messages: TUniversalMessage[]) =>
      ({ seq, ts: 1, sessionId: 's1', executionId: 'exec_1', round: 1, type: 'provider_request', data: { provider: 'p', model: 'm', messages, tools: [] } }) as TExecutionEventEnvelope
    const delta = (seq: number, text: string, round = 1) =>
      ({ seq, ts: 1, sessionId: 's1', executionId: 'exec_1', round, type: 'provider_stream_raw_delta', data: { sequence: seq, delta: text } }) as TExecutionEventEnvelope
    const promptEvent = { seq: 0, ts: 1, sessionId: 's1', executionId: 'exec_1', type: 'history_mutation', data: { mutation: 'append', index: 0, message: prompt } } as TExecutionEventEnvelope

    async function storeWith(events: TExecutionEventEnvelope[]): Promise<MemorySessionStore> {
      const store = new MemorySessionStore()
      await store.commit({ id: 's1', name: 'S', createdAt: 1, updatedAt: 1, model: 'm', providerName: 'p', messages: [prompt], nextEventSeq: events.length }, events)
      return store
    }

    it('closes the turn with the text stored of it', async () => {
      const store = await storeWith([promptEvent, request(1, [prompt]), delta(2, 'Half '), delta(3, 'an answer')])
      const written = await closeInterruptedTurn(store, 's1')
      expect(written.map((event) => event.type === 'history_mutation' && event.data.message)).toMatchObject([{ role: 'assistant', content: 'Half an answer', state: 'interrupted' }])
      expect((await store.loadSession('s1'))?.messages.at(-1)).toMatchObject({ content: 'Half an answer' })
      expect(verifyReplayLog(await store.loadReplayLog('s1'))).toMatchObject({ ok: true, recordCount: 5 })
    })

    it('reads further back when the answer streamed more events than the first look holds', async () => {
      const pieces = Array.from({ length: 150 }, (_, index) => delta(2 + index, `${index} `))
      const store = await storeWith([promptEvent, request(1, [prompt]), ...pieces])
      const [closing] = await closeInterruptedTurn(store, 's1')
      expect(closing?.type === 'history_mutation' && closing.data.message.content).toBe(pieces.map((piece) => (piece.type === 'provider_stream_raw_delta' ? piece.data.delta : '')).join(''))
    })

    it('keeps no text streamed for another request (a compaction’s summary)', async () => {
      const summaryRequest = request(1, [createUserMessage('Summarize the conversation so far.')])
      const store = await storeWith([promptEvent, summaryRequest, delta(2, 'The user asked')])
      const [closing] = await closeInterruptedTurn(store, 's1')
      expect(closing?.type === 'history_mutation' && closing.data.message).toMatchObject({ role: 'assistant', content: '', state: 'interrupted' })
    })
  })
})
