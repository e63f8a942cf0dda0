import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { playbackSchedule } from './playback-schedule.ts'

const at = (seq: number, ts: number, type: string, data: unknown) => ({ seq, ts, sessionId: 's', executionId: 'e', type, data }) as TExecutionEventEnvelope
const append = (seq: number, ts: number, index: number) => at(seq, ts, 'history_mutation', { mutation: 'append', index, message: { role: 'user', content: 'x' } })

describe('playbackSchedule', () => {
  it('waits before each message as long as the recording did between their commits', () => {
    const events = [append(0, 1000, 0), at(1, 1100, 'provider_request', {}), append(2, 1400, 1), append(3, 1650, 2)]
    expect(playbackSchedule(events)).toEqual([0, 400, 250])
  })

  it('caps a long pause, so a run recorded over minutes plays in seconds', () => {
    expect(playbackSchedule([append(0, 0, 0), append(1, 600_000, 1)], 1500)).toEqual([0, 1500])
  })

  it('treats clocks that went backwards and repeated commits as no pause', () => {
    expect(playbackSchedule([append(0, 5000, 0), append(1, 4000, 1), append(2, 4500, 1)])).toEqual([0, 0])
  })

  it('has nothing to play for a session without messages', () => {
    expect(playbackSchedule([at(0, 1, 'provider_request', {})])).toEqual([])
  })
})
