import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { groupReplayEvents, rankEventTypes } from './group-replay-events.ts'

let seq = 0
function event(executionId: string, round: number | undefined, type: 'provider_request' | 'provider_stream_raw_delta' | 'history_mutation', content = ''): TExecutionEventEnvelope {
  const base = { seq: seq++, ts: 0, sessionId: 's', executionId, ...(round === undefined ? {} : { round }) }
  if (type === 'provider_request') return { ...base, type, data: { provider: 'p', model: 'm', messages: [], tools: [] } }
  if (type === 'provider_stream_raw_delta') return { ...base, type, data: { sequence: 0, delta: content } }
  return { ...base, type, data: { mutation: 'append', index: 0, message: { id: 'u', state: 'complete', timestamp: 0, role: 'user', content } } }
}

const events = [
  event('x1', undefined, 'history_mutation', 'first prompt'),
  event('x1', 1, 'provider_request'),
  event('x1', 1, 'provider_stream_raw_delta', 'a'),
  event('x1', 2, 'provider_request'),
  event('x1', undefined, 'history_mutation', 'answer'),
  event('x2', undefined, 'history_mutation', 'second prompt'),
  event('x2', 1, 'provider_request'),
  event('x2', 1, 'provider_stream_raw_delta', 'b'),
  event('x2', 1, 'provider_stream_raw_delta', 'c')
]

describe('groupReplayEvents', () => {
  it('groups by turn, then by consecutive round, in seq order', () => {
    const turns = groupReplayEvents(events)
    expect(turns.map((turn) => [turn.turn, turn.prompt, turn.rounds.map((round) => [round.round, round.events.length])])).toEqual([
      [1, 'first prompt', [[undefined, 1], [1, 2], [2, 2]]],
      [2, 'second prompt', [[undefined, 1], [1, 3]]]
    ])
  })

  it('filters by type but keeps each turn its number and prompt', () => {
    const turns = groupReplayEvents(events, (shown) => shown.type === 'provider_stream_raw_delta')
    expect(turns.map((turn) => [turn.turn, turn.prompt, turn.rounds.flatMap((round) => round.events.map((shown) => shown.seq))])).toEqual([
      [1, 'first prompt', [2]],
      [2, 'second prompt', [7, 8]]
    ])
  })

  it('counts turns from the first among the events given, as a window of the latest events holds them', () => {
    const turns = groupReplayEvents(events.slice(5))
    expect(turns.map((turn) => [turn.executionId, turn.turn, turn.prompt])).toEqual([['x2', 1, 'second prompt']])
  })

  it('starts each turn at its first event, shown or not', () => {
    const timed = events.map((shown, index) => ({ ...shown, ts: 1_000 * (index + 1) }))
    const turns = groupReplayEvents(timed, (shown) => shown.type === 'provider_stream_raw_delta')
    expect(turns.map((turn) => turn.startTs)).toEqual([1_000, 6_000])
  })

  it("keeps what opened the session apart from its turns: a fork's copy, a subagent's link, SessionStart hooks", () => {
    const base = { ts: 0, sessionId: 's' }
    // Session event types the core's union does not name, as the store holds them.
    const opening = [
      { ...base, seq: 100, executionId: 'fork', type: 'history_replaced', data: { reason: 'fork', messages: [] } },
      { ...base, seq: 101, executionId: 'link', type: 'session_link', data: { parentSessionId: 'p', parentToolCallId: 'c', agentType: 'Explore', description: 'd' } },
      { ...base, seq: 102, executionId: 'start', type: 'hook_result', data: { event: 'SessionStart', hookType: 'command', matcher: '', exitCode: 0, blocked: false, timedOut: false, durationMs: 1 } }
    ] as unknown as TExecutionEventEnvelope[]
    const cleared = { ...base, seq: 103, executionId: 'clear', type: 'history_replaced', data: { reason: 'clear', messages: [] } } as unknown as TExecutionEventEnvelope
    const turns = groupReplayEvents([...opening, ...events.slice(0, 5), cleared, ...events.slice(5)])
    expect(turns.map((turn) => [turn.executionId, turn.turn])).toEqual([
      ['fork', 0],
      ['link', 0],
      ['start', 0],
      ['x1', 1],
      ['clear', 2],
      ['x2', 3]
    ])
  })

  it('ranks event types, most frequent first, ties in code-unit order', () => {
    const counts = new Map([['provider_stream_raw_delta', 3], ['provider_request', 3], ['history_mutation', 5], ['hook_result', 1]] as const)
    expect(rankEventTypes(counts)).toEqual([['history_mutation', 5], ['provider_request', 3], ['provider_stream_raw_delta', 3], ['hook_result', 1]])
  })
})
