import { describe, expect, it } from 'vitest'
import { recordSuiteTotal } from '../../lib/testing/suite-totals.ts'
import { runRemoteHostLoad } from './remote-host-load.fixtures.ts'

// Fifty page clients at once, each over its own WebSocket as its own user, twenty rounds each
// (a Write tool round and an answer) on one Node host: each client hears only its own session,
// gets only its own answers, and its sandbox holds only its own marker. Throughput: npm run bench.
const CLIENTS = 50
const ROUNDS = 20

describe('fifty WebSocket clients on one remote host', () => {
  it(`run ${ROUNDS} rounds each with no cross-talk between answers, events or sandboxes`, async () => {
    const { outcomes } = await runRemoteHostLoad(CLIENTS, ROUNDS)
    expect(new Set(outcomes.map((outcome) => outcome.sessionId)).size).toBe(CLIENTS)
    let rounds = 0
    for (const { marker, sessionId, results, events, markerFile } of outcomes) {
      expect(results.map((result) => result.response)).toEqual(Array.from({ length: ROUNDS }, (_, round) => `${marker} round ${round} done.`))
      expect(results.every((result) => !result.interrupted && result.toolsExecuted.join() === 'Write')).toBe(true)
      const foreign = events.filter((event) => (event.kind === 'replay' ? event.event.sessionId : event.sessionId) !== sessionId)
      expect(foreign).toEqual([])
      expect(events.filter((event) => event.kind === 'turn_finished')).toHaveLength(ROUNDS)
      const replaySeqs = events.flatMap((event) => (event.kind === 'replay' ? [event.event.seq] : []))
      expect(replaySeqs).toEqual(replaySeqs.map((_, index) => replaySeqs[0] as number + index))
      const deltas = events.flatMap((event) => (event.kind === 'replay' && event.event.type === 'provider_stream_raw_delta' ? [event.event.data.delta] : []))
      expect(deltas.filter((delta) => delta.startsWith('load-client-') && delta !== `${marker} `)).toEqual([])
      expect(markerFile).toBe(`${marker}:${ROUNDS - 1}\n`)
      rounds += results.length
    }
    expect(rounds).toBe(CLIENTS * ROUNDS)
    recordSuiteTotal('remote agent host under load (50 WebSocket clients × 20 rounds)', 'loadRounds', rounds)
  }, 120_000)
})
