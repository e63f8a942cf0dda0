import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
import type { TSessionRecord } from '../../lib/storage/session-store.ts'

/** Replay events per turn, as issue 23 sizes a long session: 1,000 turns ≈ 4,000 messages and 100,000 events. */
export const EVENTS_PER_TURN = 100

const TOOL_OUTPUT = `README.md\nsrc/\npackage.json\n${'src/module-file.ts  a file the listing shows\n'.repeat(8)}`

/**
 * One turn of a session as its recorder sees it: the user message, a request carrying the whole
 * history, streamed deltas, an answer with a tool call, the tool's result, a second request and
 * the final answer; four history appends, `EVENTS_PER_TURN` events in all. `history` is the
 * session's history so far and gains the turn's four messages, the same objects the events carry.
 */
export function createLongSessionTurn(sessionId: string, turn: number, firstSeq: number, history: TUniversalMessage[]): TExecutionEventEnvelope[] {
  const events: TExecutionEventEnvelope[] = []
  let seq = firstSeq
  const base = () => ({ seq: seq++, ts: 1_700_000_000_000 + seq, sessionId, executionId: `turn-${turn}`, round: 1 })
  const append = (message: TUniversalMessage) => {
    events.push({ ...base(), type: 'history_mutation', data: { mutation: 'append', index: history.length, message } } as TExecutionEventEnvelope)
    history.push(message)
  }
  const request = () => events.push({ ...base(), type: 'provider_request', data: { provider: 'bench', model: 'bench-model', messages: [...history], tools: [] } } as TExecutionEventEnvelope)
  const deltas = (count: number) => {
    for (let index = 0; index < count; index++) events.push({ ...base(), type: 'provider_stream_raw_delta', data: { sequence: index, delta: `word${index} ` } } as TExecutionEventEnvelope)
  }
  const callId = `call-${turn}`
  append({ id: `u-${turn}`, role: 'user', state: 'complete', timestamp: turn, content: `Question ${turn}: what is in the workspace, and what changed since the last look?` })
  request()
  deltas(44)
  append({ id: `a-${turn}`, role: 'assistant', state: 'complete', timestamp: turn, content: 'Let me list the files first.', toolCalls: [{ id: callId, name: 'Bash', arguments: { command: 'ls -la' } }] })
  events.push({ ...base(), type: 'tool_execution_result', data: { batchId: `batch-${turn}`, index: 0, toolName: 'Bash', toolCallId: callId, success: true, result: TOOL_OUTPUT } } as TExecutionEventEnvelope)
  append({ id: `t-${turn}`, role: 'tool', state: 'complete', timestamp: turn, content: TOOL_OUTPUT, toolCallId: callId, toolName: 'Bash' })
  request()
  deltas(EVENTS_PER_TURN - 51)
  append({ id: `f-${turn}`, role: 'assistant', state: 'complete', timestamp: turn, content: `Turn ${turn}: the workspace holds a readme, a package manifest and the sources under src/.` })
  return events
}

/** The record a long session starts from. */
export function createLongSessionRecord(sessionId: string): TSessionRecord {
  return { id: sessionId, name: `Long session ${sessionId}`, createdAt: 1_700_000_000_000, updatedAt: 1_700_000_000_000, model: 'bench-model', providerName: 'bench', messages: [], nextEventSeq: 0 }
}
