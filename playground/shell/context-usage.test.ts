import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { toContextState } from '../../worker/react/session-status.ts'
import { toContextUsage } from './context-usage.ts'

const user: TUniversalMessage = { id: 'u', state: 'complete', timestamp: 0, role: 'user', content: 'x'.repeat(38) }
const answer: TUniversalMessage = {
  id: 'a', state: 'complete', timestamp: 0, role: 'assistant', content: 'ok',
  metadata: { inputTokens: 1000, cacheReadTokens: 200, cacheWriteTokens: 0, outputTokens: 50 }
}
const request = (model: string): TExecutionEventEnvelope => ({
  seq: 0, ts: 0, sessionId: 's', executionId: 'e', round: 1, type: 'provider_request', data: { provider: 'p', model, messages: [], tools: [] }
})

describe('toContextUsage', () => {
  it('estimates from the text against the chosen model before any request or reported usage', () => {
    expect(toContextUsage(toContextState({ messages: [user], events: [] }), 'offline-demo')).toEqual({ usedTokens: 11, maxTokens: 200_000, estimated: true, model: 'offline-demo' })
  })

  it('shows the engine\'s own figure, the usage reported for the last answer, against the model of the last request', () => {
    expect(toContextUsage(toContextState({ messages: [user, answer], events: [request('gpt-4o')] }), 'offline-demo')).toEqual({
      usedTokens: 1250, maxTokens: 128_000, estimated: false, model: 'gpt-4o'
    })
  })
})
