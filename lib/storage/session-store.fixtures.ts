import type { MemorySessionStore } from './memory-session-store.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { TSessionRecord } from './session-store.ts'

/** One message of each role, with tool calls and metadata, so a round trip covers every field. */
export function createTestMessages(): TUniversalMessage[] {
  return [
    { id: 'm-system', role: 'system', state: 'complete', timestamp: 1, content: 'You help.' },
    { id: 'm-user', role: 'user', state: 'complete', timestamp: 2, content: 'List the files', metadata: { source: 'cli' } },
    {
      id: 'm-assistant',
      role: 'assistant',
      state: 'interrupted',
      timestamp: 3,
      content: 'Let me look.',
      toolCalls: [{ id: 'call-1', name: 'Bash', arguments: { command: 'ls', flags: ['-l'] } }],
      metadata: { inputTokens: 12, tags: ['a', 'b'], usage: { outputTokens: 4 } }
    },
    {
      id: 'm-tool',
      role: 'tool',
      state: 'complete',
      timestamp: 4,
      content: 'README.md',
      toolCallId: 'call-1',
      toolName: 'Bash'
    }
  ]
}

/** A valid record; `overrides` replace whole fields. */
export function createTestRecord(id: string, overrides: Partial<TSessionRecord> = {}): TSessionRecord {
  return {
    id,
    name: `Session ${id}`,
    createdAt: 1_000,
    updatedAt: 2_000,
    model: 'claude-sonnet-4-6',
    providerName: 'anthropic',
    messages: createTestMessages(),
    nextEventSeq: 0,
    ...overrides
  }
}

/** A `history_mutation` event of `sessionId` at `seq`; `content` varies the payload. */
export function createTestEvent(sessionId: string, seq: number, content = `message ${seq}`): TExecutionEventEnvelope {
  return {
    seq,
    ts: 10_000 + seq,
    sessionId,
    executionId: 'execution-1',
    round: 1,
    type: 'history_mutation',
    data: {
      mutation: 'append',
      index: seq,
      message: { id: `m-${seq}`, role: 'user', state: 'complete', timestamp: seq, content }
    }
  }
}

/** Events of `sessionId` for each seq given, in that order. */
export function createTestEvents(sessionId: string, seqs: readonly number[]): TExecutionEventEnvelope[] {
  return seqs.map((seq) => createTestEvent(sessionId, seq))
}

/**
 * Drops the last `count` records of a session's log in a `MemorySessionStore`, as a lost write or a
 * damaged medium would, leaving what the store believes it wrote untouched.
 */
export function cutMemoryLogTail(store: MemorySessionStore, sessionId: string, count = 1): void {
  const events = (store as unknown as { events: Map<string, unknown[]> }).events.get(sessionId)
  events?.splice(events.length - count, count)
}
