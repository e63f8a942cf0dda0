import { describe, expect, it, vi } from 'vitest'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { createAssistantMessage, createToolMessage, createUserMessage, type TUniversalMessage } from '../core/messages.ts'
import { toStoredEvent, type TSessionEvent } from '../session/session-events.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { createTestRecord } from '../storage/session-store.fixtures.ts'
import { MOST_DECISION_EVENTS, readPermissionDecisions } from './read-permission-decisions.ts'

type TEventSpec = Pick<TSessionEvent, 'type' | 'data'>

const asking = (...ids: string[]) => createAssistantMessage('', { toolCalls: ids.map((id) => ({ id, name: 'Bash', arguments: { command: 'ls' } })) })
const answer = (id: string) => createToolMessage('done', { toolCallId: id, toolName: 'Bash' })
const committed = (index: number, message: TUniversalMessage): TEventSpec => ({ type: 'history_mutation', data: { mutation: 'append', index, message } })
const decided = (toolCallId: string, source: 'handler' | 'allow_list' = 'handler'): TEventSpec => ({
  type: 'permission_decision',
  data: { toolName: 'Bash', toolCallId, decision: 'allow', source, mode: 'default' }
})
const streamed = (count: number): TEventSpec[] => Array.from({ length: count }, (_, sequence) => ({ type: 'provider_stream_raw_delta', data: { sequence, delta: '.' } }))

/** A store holding one session whose history is `messages` and whose log is `log`, in order. */
async function storeWith(messages: TUniversalMessage[], log: TEventSpec[]) {
  const store = new MemorySessionStore()
  const events = log.map((event, seq) => toStoredEvent({ seq, ts: seq, sessionId: 's1', executionId: 'e1', ...event } as TSessionEvent))
  await store.commit(createTestRecord('s1', { messages, nextEventSeq: events.length }), events)
  return { store, windows: vi.spyOn(store, 'loadEventWindow') }
}

const callIds = (events: readonly TExecutionEventEnvelope<'permission_decision'>[]) => events.map((event) => event.data.toolCallId)

describe('readPermissionDecisions', () => {
  it('finds the latest decision on each call of the history, oldest first, and none of calls it does not hold', async () => {
    const messages = [createUserMessage('go'), asking('c1', 'c2'), answer('c1'), answer('c2'), createUserMessage('again'), asking('c3'), answer('c3')]
    const { store } = await storeWith(messages, [
      committed(0, messages[0]!),
      committed(1, messages[1]!),
      decided('c1', 'allow_list'),
      decided('c2'),
      decided('c1'),
      decided('elsewhere'),
      committed(2, messages[2]!),
      committed(3, messages[3]!),
      committed(4, messages[4]!),
      committed(5, messages[5]!),
      decided('c3'),
      committed(6, messages[6]!)
    ])
    const found = await readPermissionDecisions(store, 's1', messages)
    expect(callIds(found)).toEqual(['c2', 'c1', 'c3'])
    expect(found[1]).toMatchObject({ seq: 4, data: { source: 'handler' } })
  })

  it('reads back no further than the commit of the first message asking for a call, however long the log before it', async () => {
    const messages = [createUserMessage('go'), asking('c1', 'never-run'), answer('c1'), answer('never-run')]
    const earlier = streamed(3_500)
    const { store, windows } = await storeWith(messages, [...earlier, committed(0, messages[0]!), committed(1, messages[1]!), decided('c1'), committed(2, messages[2]!), committed(3, messages[3]!)])
    expect(callIds(await readPermissionDecisions(store, 's1', messages))).toEqual(['c1'])
    expect(windows).toHaveBeenCalledTimes(1)
  })

  it("finds the decisions a fork copied after its opening, for the calls of the source's conversation", async () => {
    const copied = [createUserMessage('go'), asking('c1'), answer('c1')]
    const messages = [...copied, createUserMessage('more'), asking('c2'), answer('c2')]
    const { store } = await storeWith(messages, [
      { type: 'history_replaced', data: { reason: 'fork', messages: copied, fromSessionId: 'source' } },
      decided('c1'),
      committed(3, messages[3]!),
      committed(4, messages[4]!),
      decided('c2'),
      committed(5, messages[5]!)
    ])
    expect(callIds(await readPermissionDecisions(store, 's1', messages))).toEqual(['c1', 'c2'])
  })

  it('reads nothing for a history without tool calls', async () => {
    const messages = [createUserMessage('hi'), createAssistantMessage('hello')]
    const { store, windows } = await storeWith(messages, [committed(0, messages[0]!), committed(1, messages[1]!)])
    expect(await readPermissionDecisions(store, 's1', messages)).toEqual([])
    expect(windows).not.toHaveBeenCalled()
  })

  it(`reads at most ${MOST_DECISION_EVENTS} events: a decision further back is not searched for`, async () => {
    const messages = [createUserMessage('go'), asking('c1'), answer('c1'), createUserMessage('talk'), createAssistantMessage('long')]
    const { store, windows } = await storeWith(messages, [
      committed(0, messages[0]!),
      committed(1, messages[1]!),
      decided('c1'),
      committed(2, messages[2]!),
      committed(3, messages[3]!),
      ...streamed(MOST_DECISION_EVENTS + 500),
      committed(4, messages[4]!)
    ])
    expect(await readPermissionDecisions(store, 's1', messages)).toEqual([])
    const read = windows.mock.calls.reduce((total, [, window]) => total + window.count, 0)
    expect(read).toBe(MOST_DECISION_EVENTS)
  })
})
