import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TUniversalMessage } from '../../lib/core/messages.ts'

/** The shape of a generated log: how many turns, and how many events each turn holds. */
export type TLargeReplayLogOptions = { sessionId: string; turns: number; eventsPerTurn: number; startTs?: number }

const DELTA_SPACING_MS = 20
const TOOL_MS = 180
const TURN_GAP_MS = 4_000
// A prompt, two requests, a tool request and result, and three more history appends.
const FIXED_EVENTS_PER_TURN = 8

/**
 * A long session's replay events as the worker records them: each turn a prompt, a request and
 * its streamed deltas, a tool call and its result, a second request, more deltas and the answer,
 * with `ts` spaced as a model streams. Every event is valid for the store, so the log imports.
 */
export function createLargeReplayEvents({ sessionId, turns, eventsPerTurn, startTs = Date.UTC(2026, 10, 25, 14, 3, 7) }: TLargeReplayLogOptions): TExecutionEventEnvelope[] {
  if (eventsPerTurn < FIXED_EVENTS_PER_TURN + 2) throw new Error(`A turn needs at least ${FIXED_EVENTS_PER_TURN + 2} events.`)
  const events: TExecutionEventEnvelope[] = []
  const history: TUniversalMessage[] = []
  let seq = 0
  let ts = startTs
  for (let turn = 1; turn <= turns; turn++) {
    const executionId = `turn-${turn}`
    const push = (round: number | undefined, event: Pick<TExecutionEventEnvelope, 'type' | 'data'>, after = DELTA_SPACING_MS) => {
      ts += after
      events.push({ seq: seq++, ts, sessionId, executionId, ...(round === undefined ? {} : { round }), ...event } as TExecutionEventEnvelope)
    }
    const append = (message: TUniversalMessage) => {
      push(undefined, { type: 'history_mutation', data: { mutation: 'append', index: history.length, message } })
      history.push(message)
    }
    const request = (round: number) => push(round, { type: 'provider_request', data: { provider: 'offline-demo', model: 'offline-demo', messages: history.slice(-2), tools: [] } })
    const deltas = (round: number, count: number) => {
      for (let index = 0; index < count; index++) push(round, { type: 'provider_stream_raw_delta', data: { sequence: index, delta: `word${index} ` } })
    }
    const callId = `call-${turn}`
    const output = `README.md\nsrc/\nturn-${turn}.txt\n`
    const firstDeltas = Math.floor((eventsPerTurn - FIXED_EVENTS_PER_TURN) / 2)
    append({ id: `u-${turn}`, role: 'user', state: 'complete', timestamp: ts, content: `Question ${turn}: what is in the workspace?` })
    request(1)
    deltas(1, firstDeltas)
    push(1, { type: 'tool_execution_request', data: { batchId: `batch-${turn}`, index: 0, toolName: 'Bash', toolCallId: callId, parameters: { command: 'ls' }, ownerPath: [] } })
    push(1, { type: 'tool_execution_result', data: { batchId: `batch-${turn}`, index: 0, toolName: 'Bash', toolCallId: callId, success: true, result: output } }, TOOL_MS)
    append({ id: `a-${turn}`, role: 'assistant', state: 'complete', timestamp: ts, content: 'Let me list the files.', toolCalls: [{ id: callId, name: 'Bash', arguments: { command: 'ls' } }] })
    append({ id: `t-${turn}`, role: 'tool', state: 'complete', timestamp: ts, content: output, toolCallId: callId, toolName: 'Bash' })
    request(2)
    deltas(2, eventsPerTurn - FIXED_EVENTS_PER_TURN - firstDeltas)
    append({ id: `f-${turn}`, role: 'assistant', state: 'complete', timestamp: ts, content: `Turn ${turn}: a readme and the sources.` })
    ts += TURN_GAP_MS
  }
  return events
}
