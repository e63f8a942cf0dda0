import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import { createTestEvents } from '../session-store.fixtures.ts'
import { chainReplayEvents, GENESIS_HASH, hashReplayEvent, REPLAY_FORMAT_VERSION, verifyReplayLog } from './hash-chain.ts'
import { REDACTED, redactSecrets } from './redact-secrets.ts'
import { exportReplayLogJsonl, importReplayLogJsonl } from './replay-jsonl.ts'
import { findReplayGaps } from './validate-replay-log.ts'

const records = chainReplayEvents(GENESIS_HASH, createTestEvents('s1', [0, 1, 2, 3]))
const exported = exportReplayLogJsonl('s1', records)

describe('hash chain', () => {
  it('hashes the canonical JSON, so key order does not matter', () => {
    const event = createTestEvents('s1', [0])[0] as TExecutionEventEnvelope
    const reordered = Object.fromEntries(Object.entries(event).reverse()) as TExecutionEventEnvelope
    expect(hashReplayEvent(GENESIS_HASH, reordered)).toBe(hashReplayEvent(GENESIS_HASH, event))
    expect(hashReplayEvent(GENESIS_HASH, event)).toMatch(/^[0-9a-f]{64}$/)
  })

  it('verifies an untouched log and names the first broken link', () => {
    expect(verifyReplayLog(records)).toMatchObject({ ok: true, recordCount: 4, lastHash: records[3]?.hash })
    const edited = records.map((record, index) => (index === 2 ? { ...record, event: { ...record.event, executionId: 'x' } } : record))
    expect(verifyReplayLog(edited)).toMatchObject({ ok: false, index: 2 })
    const dropped = [records[0], records[2], records[3]] as typeof records
    expect(verifyReplayLog(dropped)).toMatchObject({ ok: false, index: 1, reason: expect.stringMatching(/chain is broken/) })
  })
})

describe('secret redaction', () => {
  it.each([
    [{ apiKey: 'sk-ant-abcdefghijklmnopqrstuvwxyz' }, { apiKey: REDACTED }],
    [{ headers: { Authorization: 'Bearer abc', 'x-api-key': 'k' } }, { headers: { Authorization: REDACTED, 'x-api-key': REDACTED } }],
    [{ nested: [{ password: 'hunter2' }, { access_token: 't' }] }, { nested: [{ password: REDACTED }, { access_token: REDACTED }] }],
    [{ text: 'key is sk-proj-ABCDEFGHIJKLMNOPQRSTUV ok' }, { text: `key is ${REDACTED} ok` }],
    [{ command: 'curl -H "Authorization: Bearer abcdefghijklmnop"' }, { command: `curl -H "Authorization: ${REDACTED}"` }],
    [{ model: 'claude-sonnet-4-6', tokens: 12, apiKey: '' }, { model: 'claude-sonnet-4-6', tokens: 12, apiKey: '' }]
  ])('redacts %j', (input, expected) => {
    const copy = structuredClone(input)
    expect(redactSecrets(input)).toEqual(expected)
    expect(input).toEqual(copy)
  })
})

describe('JSONL export and import', () => {
  it('round-trips a log exactly', () => {
    const imported = importReplayLogJsonl(exported)
    expect(imported.records).toEqual(records)
    expect(imported.header).toMatchObject({ format: 'robota-replay', version: REPLAY_FORMAT_VERSION, sessionId: 's1', recordCount: 4 })
  })

  const lines = exported.trim().split('\n')
  const tamperedLine = lines.map((line, index) => (index === 2 ? line.replace('"ts":10001', '"ts":10002') : line)).join('\n')
  it.each([
    ['an empty file', '', /the file is empty/],
    ['not JSON', 'hello\n', /line 1 is not JSON/],
    ['a foreign header', JSON.stringify({ format: 'other' }), /line 1 is not a Robota replay header/],
    ['a wrong version', lines[0]?.replace(`"version":${REPLAY_FORMAT_VERSION}`, '"version":9') ?? '', /format version 9 is not supported/],
    ['a truncated file', lines.slice(0, 3).join('\n'), /truncated: the header announces 4 records, the file holds 2/],
    ['a tampered record', tamperedLine, /record 1 \(seq 1\) was changed after it was written.*\(line 3\)/],
    ['a broken line', [...lines.slice(0, 2), '{"version":1', ...lines.slice(3)].join('\n'), /line 3 is not JSON/],
    ['a huge file', exported, /larger than 100 bytes/]
  ])('refuses %s with a clear error', (_name, text, message) => {
    const options = _name === 'a huge file' ? { maxBytes: 100 } : {}
    expect(() => importReplayLogJsonl(text, options)).toThrow(message)
  })

  it('redacts secrets on the way out', () => {
    const leaky = chainReplayEvents(GENESIS_HASH, [
      { seq: 0, ts: 1, sessionId: 's1', executionId: 'e', type: 'provider_request', data: { provider: 'p', model: 'm', messages: [], tools: [], apiKey: 'sk-ant-secretsecretsecretsecret' } as never }
    ])
    expect(exportReplayLogJsonl('s1', leaky)).not.toContain('secretsecret')
  })
})

describe('replay gaps', () => {
  const base = { sessionId: 's', executionId: 'e', ts: 0 }
  it('finds a provider request and a tool call left without an answer', () => {
    const events = [
      { ...base, seq: 0, round: 1, type: 'provider_request', data: {} },
      { ...base, seq: 1, round: 1, type: 'assistant_message_committed', data: {} },
      { ...base, seq: 2, round: 1, type: 'tool_execution_request', data: { batchId: 'b', index: 0, toolName: 'Bash', toolCallId: 'c1' } },
      { ...base, seq: 3, round: 2, type: 'provider_request', data: {} }
    ] as unknown as TExecutionEventEnvelope[]
    expect(findReplayGaps(events)).toEqual([
      { seq: 2, kind: 'missing_tool_result', detail: 'Bash call c1' },
      { seq: 3, kind: 'missing_provider_response', detail: 'round 2 of execution e' }
    ])
    expect(findReplayGaps(events.slice(0, 2))).toEqual([])
  })

  it('takes a summary call as answered by its response, which commits no message', () => {
    const summary = { ...base, executionId: 'compaction', round: 1 }
    const events = [
      { ...summary, seq: 0, type: 'provider_request', data: {} },
      { ...summary, seq: 1, type: 'provider_response_raw', data: {} },
      { ...summary, seq: 2, type: 'provider_response_normalized', data: {} },
      { ...summary, seq: 3, round: undefined, type: 'compaction', data: {} },
      { ...summary, seq: 4, executionId: 'failed', type: 'provider_request', data: {} }
    ] as unknown as TExecutionEventEnvelope[]
    expect(findReplayGaps(events)).toEqual([{ seq: 4, kind: 'missing_provider_response', detail: 'round 1 of execution failed' }])
    expect(findReplayGaps(events.slice(0, 2))).toEqual([{ seq: 0, kind: 'missing_provider_response', detail: 'round 1 of execution compaction' }])
  })
})
