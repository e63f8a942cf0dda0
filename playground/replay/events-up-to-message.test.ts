import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { eventsUpToMessage } from './events-up-to-message.ts'

const at = (seq: number, ts: number, type: string, data: unknown) => ({ seq, ts, sessionId: 's', executionId: 'e', type, data }) as TExecutionEventEnvelope
const append = (seq: number, ts: number, index: number) => at(seq, ts, 'history_mutation', { mutation: 'append', index, message: { role: 'user', content: 'x' } })

describe('eventsUpToMessage', () => {
  it('cuts the event log at the commit of the last message shown', () => {
    const events = [append(0, 1000, 0), at(1, 1100, 'provider_request', {}), append(2, 1400, 1), append(3, 1650, 2)]
    expect(eventsUpToMessage(events, 0)).toEqual([])
    expect(eventsUpToMessage(events, 2).map((event) => event.seq)).toEqual([0, 1, 2])
    expect(eventsUpToMessage(events, 3)).toEqual(events)
  })
})
