import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TSessionRecord } from '../../lib/storage/session-store.ts'

/**
 * Replay events shaped like a streamed turn: each round is a request, 40 text deltas, the
 * committed answer with a tool call, the tool's request and result and two history appends.
 */
export function createTurnEvents(sessionId: string, fromSeq: number, count: number): TExecutionEventEnvelope[] {
  const events: TExecutionEventEnvelope[] = []
  for (let seq = fromSeq; seq < fromSeq + count; seq++) {
    const step = seq % 48
    const round = Math.floor(seq / 48) + 1
    const base = { seq, ts: 1_700_000_000_000 + seq, sessionId, executionId: 'bench-execution', round }
    if (step < 40) {
      events.push({ ...base, type: 'provider_stream_raw_delta', data: { sequence: step, delta: `word${step} ` } })
    } else if (step === 46 || step === 47) {
      const message = step === 46
        ? { id: `m-${seq}`, role: 'assistant' as const, state: 'complete' as const, timestamp: seq, content: 'Looking at the files now.', toolCalls: [{ id: `call-${round}`, name: 'Bash', arguments: { command: 'ls -la' } }] }
        : { id: `m-${seq}`, role: 'tool' as const, state: 'complete' as const, timestamp: seq, content: 'README.md\nsrc\npackage.json\n', toolCallId: `call-${round}`, toolName: 'Bash' }
      events.push({ ...base, type: 'history_mutation', data: { mutation: 'append', index: seq, message } })
    } else {
      events.push({ ...base, type: 'tool_execution_result', data: { toolName: 'Bash', toolCallId: `call-${round}`, success: true, output: 'README.md\nsrc\npackage.json\n' } } as unknown as TExecutionEventEnvelope)
    }
  }
  return events
}

/** The record a bench session commits with its events. */
export function createBenchRecord(sessionId: string, nextEventSeq: number): TSessionRecord {
  return {
    id: sessionId,
    name: 'Bench session',
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000 + nextEventSeq,
    model: 'bench-model',
    providerName: 'bench',
    messages: [
      { id: 'm-user', role: 'user', state: 'complete', timestamp: 1, content: 'List the files' },
      { id: 'm-assistant', role: 'assistant', state: 'complete', timestamp: 2, content: 'Here they are.' }
    ],
    nextEventSeq
  }
}
