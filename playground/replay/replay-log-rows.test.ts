import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { CallDurationMeter } from './call-durations.ts'
import { groupReplayEvents, rankEventTypes } from './group-replay-events.ts'
import { ReplayLogRows } from './replay-log-rows.ts'
import { flattenReplayRows } from './replay-rows.ts'

let seq = 0
function event(executionId: string, round: number | undefined, type: 'provider_request' | 'provider_response_raw' | 'provider_stream_raw_delta' | 'history_mutation', content = ''): TExecutionEventEnvelope {
  const base = { seq: seq++, ts: seq * 10, sessionId: 's', executionId, ...(round === undefined ? {} : { round }) }
  if (type === 'provider_request') return { ...base, type, data: { provider: 'p', model: 'm', messages: [], tools: [] } }
  if (type === 'provider_response_raw') return { ...base, type, data: { response: { content, toolCalls: [] } as never, responseKind: 'provider-normalized-message' } }
  if (type === 'provider_stream_raw_delta') return { ...base, type, data: { sequence: 0, delta: content } }
  return { ...base, type, data: { mutation: 'append', index: 0, message: { id: `m${base.seq}`, state: 'complete', timestamp: 0, role: round === undefined && content.startsWith('prompt') ? 'user' : 'assistant', content } } }
}

function turnEvents(executionId: string, deltas: number): TExecutionEventEnvelope[] {
  return [
    event(executionId, undefined, 'history_mutation', `prompt of ${executionId}`),
    event(executionId, 1, 'provider_request'),
    ...Array.from({ length: deltas }, (_, index) => event(executionId, 1, 'provider_stream_raw_delta', `d${index}`)),
    event(executionId, 1, 'provider_response_raw', 'answer'),
    event(executionId, undefined, 'history_mutation', 'answer')
  ]
}

// What the rows are when every event is laid out at once.
function laidOutAtOnce(events: readonly TExecutionEventEnvelope[], shown: (event: TExecutionEventEnvelope) => boolean, collapsed: ReadonlySet<string>) {
  const meter = new CallDurationMeter()
  for (const each of events) meter.measure(each)
  return flattenReplayRows(groupReplayEvents(events, shown), collapsed, meter.durations)
}

function appendInSlices(events: readonly TExecutionEventEnvelope[], size: number, log: ReplayLogRows): void {
  for (let end = size; end < events.length + size; end += size) log.append(events.slice(0, Math.min(end, events.length)), log.taken)
}

const everything = () => true

describe('ReplayLogRows', () => {
  const events = [...turnEvents('x1', 5), ...turnEvents('x2', 7), ...turnEvents('x3', 3)]

  it('makes, slice by slice, the rows and figures that laying the whole log out at once makes', () => {
    for (const size of [1, 2, 3, 7, events.length]) {
      const log = new ReplayLogRows(everything, new Set())
      appendInSlices(events, size, log)
      expect(log.rows).toEqual(laidOutAtOnce(events, everything, new Set()))
      expect(log.shownCount).toBe(events.length)
      expect(log.counts).toEqual(rankEventTypes(new Map([['provider_stream_raw_delta', 15], ['history_mutation', 6], ['provider_request', 3], ['provider_response_raw', 3]])))
    }
  })

  it('counts a header\'s events and shows its prompt when both come after the header', () => {
    const hidePrompts = (shown: TExecutionEventEnvelope) => shown.type !== 'history_mutation'
    const log = new ReplayLogRows(hidePrompts, new Set())
    appendInSlices(events, 2, log)
    expect(log.rows).toEqual(laidOutAtOnce(events, hidePrompts, new Set()))
    expect(log.rows[0]).toMatchObject({ kind: 'turn', prompt: 'prompt of x1', eventCount: 7 })
  })

  it('keeps folded turns to their header while it still counts their events', () => {
    const folded = new Set(['x2'])
    const log = new ReplayLogRows(everything, folded)
    appendInSlices(events, 4, log)
    expect(log.rows).toEqual(laidOutAtOnce(events, everything, folded))
    expect(log.rows.filter((row) => row.kind === 'turn' && row.executionId === 'x2')).toEqual([expect.objectContaining({ eventCount: 11, collapsed: true })])
  })

  it('lays everything out again when an event belongs to a turn before the last', () => {
    const interleaved = [...turnEvents('y1', 2), ...turnEvents('y2', 2), event('y1', 2, 'provider_request'), ...turnEvents('y3', 1)]
    const log = new ReplayLogRows(everything, new Set())
    appendInSlices(interleaved, 3, log)
    expect(log.rows).toEqual(laidOutAtOnce(interleaved, everything, new Set()))
  })

  it('keeps the rows it made for earlier events and makes rows for the new ones only', () => {
    const log = new ReplayLogRows(everything, new Set())
    const first = events.slice(0, 10)
    log.append(first)
    const before = log.rows
    log.append(events, log.taken)
    expect(log.rows).not.toBe(before)
    // Every row but the header of the turn that took more events is the same object.
    const grown = (row: (typeof before)[number]) => row.kind === 'turn' && row.executionId === 'x2'
    before.forEach((row, at) => (grown(row) ? expect(log.rows[at]).not.toBe(row) : expect(log.rows[at]).toBe(row)))
    expect(before.filter(grown)).toHaveLength(1)
  })
})
