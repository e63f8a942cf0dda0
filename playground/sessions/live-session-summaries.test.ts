import { describe, expect, it } from 'vitest'
import { createAssistantMessage, createUserMessage } from '../../lib/core/messages.ts'
import type { THostEvent } from '../../lib/host/agent-host.ts'
import type { TSessionSummary } from '../../lib/storage/session-store.ts'
import { applyLiveEvents } from './live-session-summaries.ts'

const summary = (id: string, updatedAt: number, messageCount = 0): TSessionSummary => ({ id, name: id, createdAt: 0, updatedAt, messageCount, providerName: 'p', model: 'm' })

function appended(sessionId: string, index: number, ts: number): THostEvent {
  const message = createUserMessage('hi')
  return { kind: 'replay', event: { seq: index, ts, sessionId, executionId: 'e', type: 'history_mutation', data: { mutation: 'append', index, message } } }
}

describe('applyLiveEvents', () => {
  it('counts committed messages as they arrive and moves the session to the top', () => {
    const listed = [summary('b', 20), summary('a', 10)]
    const live = applyLiveEvents(listed, [appended('a', 0, 30), appended('a', 1, 31), appended('a', 2, 32)])
    expect(live.map((entry) => [entry.id, entry.messageCount, entry.updatedAt])).toEqual([
      ['a', 3, 32],
      ['b', 0, 20]
    ])
  })

  it('sets the count at a history reset, and never lowers it for an append it already counted', () => {
    const replaced = {
      kind: 'replay',
      event: { seq: 9, ts: 40, sessionId: 'a', executionId: 'e', type: 'history_replaced', data: { reason: 'compaction', messages: [createAssistantMessage('summary')] } }
    } as unknown as THostEvent
    expect(applyLiveEvents([summary('a', 10, 6)], [replaced])[0]?.messageCount).toBe(1)
    expect(applyLiveEvents([summary('a', 10, 6)], [appended('a', 2, 11)])[0]?.messageCount).toBe(6)
  })

  it('returns the same list when no event concerns a listed session', () => {
    const listed = [summary('a', 10)]
    expect(applyLiveEvents(listed, [appended('other', 0, 5), { kind: 'turn_started', sessionId: 'a', prompt: 'x' }])).toBe(listed)
  })
})
