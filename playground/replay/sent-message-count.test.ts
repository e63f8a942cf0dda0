import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { createUserMessage } from '../../lib/core/messages.ts'
import { sentMessageCount } from './sent-message-count.ts'

function request(messages: number, historyRange?: { seq: number; count: number }): TExecutionEventEnvelope<'provider_request'> {
  const data = { provider: 'anthropic', model: 'm', tools: [], messages: Array.from({ length: messages }, (_, index) => createUserMessage(`${index}`)) }
  return { seq: 9, ts: 1, sessionId: 's', executionId: 'e', type: 'provider_request', data: historyRange ? { ...data, historyRange } : data }
}

describe('sentMessageCount', () => {
  it('counts the messages a whole request carries', () => {
    expect(sentMessageCount(request(3))).toBe(3)
  })

  it('adds the history a recorded request names to the messages it added', () => {
    expect(sentMessageCount(request(2, { seq: 4, count: 40 }))).toBe(42)
  })
})
