import type { TExecutionEventEnvelope } from '../lib/core/execution-events.ts'
import type { TUniversalMessage } from '../lib/core/messages.ts'
import { chainReplayEvents, GENESIS_HASH } from '../lib/storage/replay-log/hash-chain.ts'
import { toRecordedRequest } from '../lib/storage/replay-log/history-range.ts'
import { exportReplayLogJsonl } from '../lib/storage/replay-log/replay-jsonl.ts'

/**
 * The export of a session of `turns` turns, a question and an answer each, with requests recorded
 * as history ranges and `deltasPerTurn` streamed deltas before each answer: a long log to import.
 */
export function longConversationJsonl(sessionId: string, turns: number, deltasPerTurn = 0): string {
  const events: TExecutionEventEnvelope[] = []
  const history: TUniversalMessage[] = []
  let previous: { seq: number; messages: readonly unknown[] } | undefined
  const push = (event: Omit<TExecutionEventEnvelope, 'seq' | 'ts' | 'sessionId'>) => {
    events.push({ ...event, seq: events.length, ts: 1_700_000_000_000 + events.length, sessionId } as TExecutionEventEnvelope)
  }
  const append = (message: TUniversalMessage, executionId: string, round?: number) => {
    history.push(message)
    push({ executionId, ...(round === undefined ? {} : { round }), type: 'history_mutation', data: { mutation: 'append', index: history.length - 1, message } } as never)
  }
  for (let turn = 1; turn <= turns; turn++) {
    const executionId = `turn-${turn}`
    append({ id: `q${turn}`, role: 'user', state: 'complete', timestamp: turn, content: `Question number ${turn}` }, executionId)
    const request = { seq: events.length, ts: 1_700_000_000_000 + events.length, sessionId, executionId, round: 1, type: 'provider_request', data: { provider: 'offline-demo', model: 'scripted', messages: [...history], tools: [] } } as TExecutionEventEnvelope
    events.push(toRecordedRequest(request, previous))
    previous = { seq: request.seq, messages: [...history] }
    for (let delta = 0; delta < deltasPerTurn; delta++) push({ executionId, round: 1, type: 'provider_stream_raw_delta', data: { sequence: delta, delta: 'word ' } } as never)
    append({ id: `a${turn}`, role: 'assistant', state: 'complete', timestamp: turn, content: `Answer number ${turn}, a line of text long enough to take some room in the conversation.` }, executionId, 1)
  }
  return exportReplayLogJsonl(sessionId, chainReplayEvents(GENESIS_HASH, events), undefined, 'Long conversation')
}
