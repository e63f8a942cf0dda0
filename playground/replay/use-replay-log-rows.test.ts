// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope, TExecutionEventType } from '../../lib/core/execution-events.ts'
import { useReplayLogRows } from './use-replay-log-rows.ts'

function delta(seq: number): TExecutionEventEnvelope {
  return { seq, ts: seq, sessionId: 's', executionId: 'x', round: 1, type: 'provider_stream_raw_delta', data: { sequence: seq, delta: `d${seq}` } }
}

const none = new Set<TExecutionEventType>()
const unfolded = new Set<string>()

describe('useReplayLogRows', () => {
  const first = Array.from({ length: 10 }, (_, seq) => delta(seq))
  const grown = first.concat(Array.from({ length: 5 }, (_, offset) => delta(10 + offset)))

  it('keeps the rows of earlier events while the list grows, and makes them again when it is replaced', () => {
    const { result, rerender } = renderHook(({ events, hidden }) => useReplayLogRows(events, hidden, undefined, unfolded), { initialProps: { events: first, hidden: none } })
    const rowOfSeq5 = result.current.rows[7]
    expect(rowOfSeq5).toMatchObject({ kind: 'event', event: { seq: 5 } })

    rerender({ events: grown, hidden: none })
    expect(result.current.rows).toHaveLength(2 + 15)
    expect(result.current.rows[7]).toBe(rowOfSeq5)
    expect(result.current.shownCount).toBe(15)

    // Events read again from storage: equal, but new objects.
    rerender({ events: grown.map((event) => ({ ...event })), hidden: none })
    expect(result.current.rows[7]).toEqual(rowOfSeq5)
    expect(result.current.rows[7]).not.toBe(rowOfSeq5)

    rerender({ events: grown, hidden: new Set<TExecutionEventType>(['provider_stream_raw_delta']) })
    expect(result.current.rows).toEqual([])
    expect(result.current.counts).toEqual([['provider_stream_raw_delta', 15]])
  })

  it('starts again from a list that does not begin with the events taken (earlier events put first)', () => {
    const { result, rerender } = renderHook(({ events }) => useReplayLogRows(events, none, undefined, unfolded), { initialProps: { events: grown.slice(5) } })
    rerender({ events: grown })
    expect(result.current.rows.filter((row) => row.kind === 'event').map((row) => row.kind === 'event' && row.event.seq)).toEqual(grown.map((event) => event.seq))
  })

  it('gives the shown turns as a new list when a turn is added, so what is kept from the last one stays as it was', () => {
    const { result, rerender } = renderHook(({ events }) => useReplayLogRows(events, none, undefined, unfolded), { initialProps: { events: first } })
    const before = result.current.turnIds
    expect(before).toEqual(['x'])

    rerender({ events: first.concat({ ...delta(10), executionId: 'y' }) })
    expect(result.current.turnIds).toEqual(['x', 'y'])
    expect(before).toEqual(['x'])
  })
})
