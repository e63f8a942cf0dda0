import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { createAssistantMessage, createUserMessage, type TUniversalMessage } from '../core/messages.ts'
import { joinUnstored } from './unstored-events.ts'

const envelope = (seq: number, type: string, data: unknown) => ({ seq, ts: seq, sessionId: 's1', executionId: 'e', type, data }) as TExecutionEventEnvelope
const append = (seq: number, index: number, message: TUniversalMessage) => envelope(seq, 'history_mutation', { mutation: 'append', index, message })
const delta = (seq: number) => envelope(seq, 'provider_stream_raw_delta', { delta: 'x', sequence: seq })

const question = createUserMessage('Question?')
const answer = createAssistantMessage('Answer.')
const followUp = createUserMessage('And then?')

describe('joinUnstored', () => {
  it('appends the unstored events the stored ones do not hold, and the messages they commit', () => {
    const stored = { events: [append(0, 0, question), delta(1)], page: { messages: [question], firstIndex: 0 } }
    // Taken before the stored read: its first event was stored meanwhile.
    const unstored = [delta(1), append(2, 1, answer), delta(3)]
    const joined = joinUnstored(stored, unstored)
    expect(joined.events.map((event) => event.seq)).toEqual([0, 1, 2, 3])
    expect(joined.page).toEqual({ messages: [question, answer], firstIndex: 0 })
  })

  it('keeps a record read ahead of the events as it is, and pages as they were', () => {
    // The record was read after the answer's write landed; the page starts at message 1.
    const stored = { events: [delta(5)], page: { messages: [answer], firstIndex: 1 } }
    const joined = joinUnstored(stored, [append(6, 1, answer), append(7, 0, question), append(8, 2, followUp)])
    expect(joined.page).toEqual({ messages: [answer, followUp], firstIndex: 1 })
  })

  it('starts the messages over at a history reset', () => {
    const stored = { events: [delta(0)], page: { messages: [question, answer], firstIndex: 4 } }
    const reset = envelope(1, 'history_replaced', { reason: 'compaction', messages: [question] })
    expect(joinUnstored(stored, [reset, append(2, 1, answer)]).page).toEqual({ messages: [question, answer], firstIndex: 0 })
  })

  it('returns the stored parts themselves when nothing is unstored', () => {
    const stored = { events: [delta(0), delta(1)], page: { messages: [question], firstIndex: 0 } }
    expect(joinUnstored(stored, [delta(1)])).toBe(stored)
    expect(joinUnstored(stored, [])).toBe(stored)
  })
})
