import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TReplayImport } from '../storage/replay-log/replay-jsonl.ts'
import { toImportedSessionRecord } from './imported-session.ts'

const importOf = (first: { type: string; data: Record<string, unknown> }): TReplayImport => ({
  header: { format: 'robota-replay', version: 2, sessionId: 'child', recordCount: 1, lastHash: 'h', name: 'Explore: look' },
  records: [{ version: 2, prevHash: 'g', hash: 'h', event: { seq: 0, ts: 5, sessionId: 'child', executionId: 'e', ...first } as unknown as TExecutionEventEnvelope }]
})

describe('toImportedSessionRecord', () => {
  it.each([
    ['a subagent run keeps the parent its log opens with', { parentSessionId: 'parent', parentToolCallId: 'call-1', agentType: 'Explore', description: 'look' }, { parentSessionId: 'parent', parentToolCallId: 'call-1' }],
    ['a link without a tool call keeps the parent alone', { parentSessionId: 'parent', parentToolCallId: 7 }, { parentSessionId: 'parent' }],
    ['a link that names no session is left out', { parentSessionId: '' }, {}]
  ])('%s', (_case, data, parent) => {
    const record = toImportedSessionRecord(importOf({ type: 'session_link', data }))
    expect({ parentSessionId: record.parentSessionId, parentToolCallId: record.parentToolCallId }).toEqual({ parentSessionId: undefined, parentToolCallId: undefined, ...parent })
  })

  it('gives a log that opens otherwise no parent', () => {
    const record = toImportedSessionRecord(importOf({ type: 'permission_decision', data: {} }))
    expect('parentSessionId' in record).toBe(false)
  })
})
