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

/**
 * A `provider_request` of `sessionId` at `seq` sending `messages` (whole, or after the history
 * range `historyRange` names when given), as a recorder hands it to a store.
 */
export function createTestRequest(
  sessionId: string,
  seq: number,
  messages: TUniversalMessage[],
  historyRange?: { seq: number; count: number }
): TExecutionEventEnvelope {
  return {
    seq,
    ts: 10_000 + seq,
    sessionId,
    executionId: `execution-${seq}`,
    round: 1,
    type: 'provider_request',
    data: { provider: 'anthropic', model: 'claude-sonnet-4-6', messages, tools: [], ...(historyRange ? { historyRange } : {}) }
  }
}

/** A user message long enough (over 256 characters) that a store may keep it apart by hash. */
export function createLongTestMessage(index: number): TUniversalMessage {
  return { id: `long-${index}`, role: 'user', state: 'complete', timestamp: index, content: `${index}: ${'a long line of text. '.repeat(20)}` }
}
