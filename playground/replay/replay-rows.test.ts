import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { groupReplayEvents } from './group-replay-events.ts'
import { flattenReplayRows, nextFocusableRow, type TReplayRow } from './replay-rows.ts'

function delta(seq: number, executionId: string, round: number | undefined, ts: number): TExecutionEventEnvelope {
  return { seq, ts, sessionId: 's', executionId, ...(round === undefined ? {} : { round }), type: 'provider_stream_raw_delta', data: { sequence: seq, delta: `d${seq}` } }
}

const events = [delta(0, 'x1', undefined, 1_000), delta(1, 'x1', 1, 1_400), delta(2, 'x1', 2, 2_500), delta(3, 'x2', 1, 9_000), delta(4, 'x2', 1, 9_250)]

function describeRows(rows: readonly TReplayRow[]): string[] {
  return rows.map((row) => {
    if (row.kind === 'turn') return `turn ${row.turn} (${row.eventCount})${row.collapsed ? ' collapsed' : ''}`
    if (row.kind === 'round') return `  round ${row.round ?? '-'}`
    return `    #${row.event.seq} +${row.sinceTurnStartMs}${row.durationMs === undefined ? '' : ` took ${row.durationMs}`}`
  })
}

describe('flattenReplayRows', () => {
  it('lays turns out as a header, then each round header and its events, with times since the turn began', () => {
    const rows = flattenReplayRows(groupReplayEvents(events), new Set(), new Map([[2, 300]]))
    expect(describeRows(rows)).toEqual([
      'turn 1 (3)',
      '  round -',
      '    #0 +0',
      '  round 1',
      '    #1 +400',
      '  round 2',
      '    #2 +1500 took 300',
      'turn 2 (2)',
      '  round 1',
      '    #3 +0',
      '    #4 +250'
    ])
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length)
  })

  it('keeps only the header of a collapsed turn, still counting its events', () => {
    const rows = flattenReplayRows(groupReplayEvents(events), new Set(['x1']))
    expect(describeRows(rows)).toEqual(['turn 1 (3) collapsed', 'turn 2 (2)', '  round 1', '    #3 +0', '    #4 +250'])
  })

  it('measures times from the turn\'s first event even when the filter hides it', () => {
    const rows = flattenReplayRows(groupReplayEvents(events, (event) => event.seq !== 0), new Set())
    expect(describeRows(rows).slice(0, 3)).toEqual(['turn 1 (2)', '  round 1', '    #1 +400'])
  })

  it('grows by one row per event: 100,000 events make 100,000 event rows and a header per turn and round', () => {
    const many = Array.from({ length: 100_000 }, (_, seq) => delta(seq, `x${Math.floor(seq / 100)}`, 1, seq))
    const rows = flattenReplayRows(groupReplayEvents(many), new Set())
    expect(rows.length).toBe(100_000 + 2 * 1_000)
    expect(rows.at(-1)).toMatchObject({ kind: 'event', event: { seq: 99_999 } })
  })
})

describe('nextFocusableRow', () => {
  const rows = flattenReplayRows(groupReplayEvents(events), new Set())

  it('skips round headers in both directions and stays put at either end', () => {
    expect(nextFocusableRow(rows, 0, 1)).toBe(2)
    expect(nextFocusableRow(rows, 2, 1)).toBe(4)
    expect(nextFocusableRow(rows, 7, -1)).toBe(6)
    expect(nextFocusableRow(rows, 0, -1)).toBe(0)
    expect(nextFocusableRow(rows, rows.length - 1, 1)).toBe(rows.length - 1)
  })
})
