import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { THostEvent } from '../../lib/host/agent-host.ts'
import { reduceReplayEvents, type TReplayEventsState } from './use-replay-events.ts'

const EMPTY_STATE: TReplayEventsState = { sessionId: undefined, events: [], loading: false, earlierEvents: false, error: undefined }

function event(seq: number, sessionId = 's1'): TExecutionEventEnvelope {
  return { seq, ts: 1, sessionId, executionId: 'e', type: 'provider_stream_raw_delta', data: { sequence: seq, delta: `${seq}` } }
}

const live = (...seqs: number[]): THostEvent[] => seqs.map((seq) => ({ kind: 'replay', event: event(seq) }))
const seqsOf = (state: TReplayEventsState) => state.events.map((entry) => entry.seq)

describe('reduceReplayEvents', () => {
  it('keeps live events that arrived after the host read the page it loads, once each', () => {
    const opening = reduceReplayEvents(reduceReplayEvents(EMPTY_STATE, { type: 'reset', sessionId: 's1' }), { type: 'host_events', events: live(3, 4) })
    // Read before event 4 arrived: 4 is newer than the page and stays after it.
    const loaded = reduceReplayEvents(opening, { type: 'loaded', sessionId: 's1', page: { events: [0, 1, 2, 3].map((seq) => event(seq)), earlierEvents: false } })
    expect(seqsOf(loaded)).toEqual([0, 1, 2, 3, 4])
    expect(loaded.loading).toBe(false)

    // A reload (a take-over, a restarted worker) read while the next turn streams.
    const streaming = reduceReplayEvents(loaded, { type: 'host_events', events: live(5, 6, 7) })
    const reloaded = reduceReplayEvents(streaming, { type: 'loaded', sessionId: 's1', page: { events: [3, 4, 5].map((seq) => event(seq)), earlierEvents: true } })
    expect(seqsOf(reloaded)).toEqual([3, 4, 5, 6, 7])
    expect(reloaded.earlierEvents).toBe(true)
  })

  it('ignores a page of another session, and live events of other sessions or already loaded', () => {
    const state = reduceReplayEvents(reduceReplayEvents(EMPTY_STATE, { type: 'reset', sessionId: 's1' }), { type: 'loaded', sessionId: 's1', page: { events: [event(0)], earlierEvents: false } })
    expect(reduceReplayEvents(state, { type: 'loaded', sessionId: 's2', page: { events: [event(9, 's2')], earlierEvents: false } })).toBe(state)
    const next = reduceReplayEvents(state, { type: 'host_events', events: [...live(0, 1), { kind: 'replay', event: event(2, 's2') }] })
    expect(seqsOf(next)).toEqual([0, 1])
  })
})
