import { describe, expect, it } from 'vitest'
import { StorageError } from '../../core/errors.ts'
import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import type { TUniversalMessage } from '../../core/messages.ts'
import { canonicalJson } from './canonical-event-json.ts'
import { chainReplayEvents, GENESIS_HASH, verifyReplayLog, type TReplayRecord } from './hash-chain.ts'
import { historyRangeOf, resolveHistoryRanges, toRecordedRequest } from './history-range.ts'
import { exportReplayLogJsonl, importReplayLogJsonl } from './replay-jsonl.ts'

const message = (id: string, role: 'user' | 'assistant' = 'user'): TUniversalMessage =>
  ({ id, role, state: 'complete', timestamp: 1, content: `${id}: ${'words of the conversation '.repeat(8)}` }) as TUniversalMessage

function request(seq: number, messages: TUniversalMessage[]): TExecutionEventEnvelope {
  return { seq, ts: seq, sessionId: 's1', executionId: 'e', round: 1, type: 'provider_request', data: { provider: 'p', model: 'm', messages, tools: [] } }
}

const system = message('system')
const history = [system, message('u1'), message('a1', 'assistant'), message('u2'), message('a2', 'assistant')]
const whole = [request(0, history.slice(0, 2)), request(1, history.slice(0, 4)), request(2, history)]

// As a recorder writes them: each request against the one before.
function recorded(events: readonly TExecutionEventEnvelope[]): TExecutionEventEnvelope[] {
  let previous: { seq: number; messages: readonly unknown[] } | undefined
  return events.map((event) => {
    const compact = toRecordedRequest(event, previous)
    if (event.type === 'provider_request') previous = { seq: event.seq, messages: event.data.messages }
    return compact
  })
}

describe('history ranges: a recorded request names the history it shares with the one before', () => {
  it('records only what each request adds, and resolves back to every message sent', () => {
    const compact = recorded(whole)
    expect(historyRangeOf(compact[0] as TExecutionEventEnvelope)).toBeUndefined()
    expect(compact[1]?.data).toMatchObject({ historyRange: { seq: 0, count: 2 }, messages: history.slice(2, 4) })
    expect(compact[2]?.data).toMatchObject({ historyRange: { seq: 1, count: 4 }, messages: history.slice(4) })
    expect(resolveHistoryRanges(compact, 's1')).toEqual(whole)
    // The hash covers the compact form: a request of a long session hashes what it adds.
    expect(canonicalJson(compact[2]).length).toBeLessThan(canonicalJson(whole[2]).length / 3)
  })

  it('compares by content where the objects differ, and keeps a request that shares nothing whole', () => {
    const copied = structuredClone(history.slice(0, 4))
    expect(toRecordedRequest(request(1, copied), { seq: 0, messages: history.slice(0, 2) }).data).toMatchObject({ historyRange: { seq: 0, count: 2 } })
    const other = request(3, [message('another start'), ...history])
    expect(toRecordedRequest(other, { seq: 2, messages: history })).toBe(other)
  })

  it('verifies a compact log, and refuses one whose range or added messages were changed', () => {
    const records = chainReplayEvents(GENESIS_HASH, recorded(whole))
    expect(verifyReplayLog(records)).toMatchObject({ ok: true, recordCount: 3 })

    const widened = records.map((record, index) =>
      index === 2 ? { ...record, event: { ...record.event, data: { ...record.event.data, historyRange: { seq: 1, count: 3 } } } } : record
    ) as TReplayRecord[]
    expect(verifyReplayLog(widened)).toEqual({ ok: false, index: 2, reason: 'record 2 (seq 2) was changed after it was written: its hash does not match' })

    const edited = structuredClone(records)
    ;(edited[1]?.event.data as { messages: TUniversalMessage[] }).messages[0]!.content = 'something else'
    expect(verifyReplayLog(edited)).toEqual({ ok: false, index: 1, reason: 'record 1 (seq 1) was changed after it was written: its hash does not match' })
  })

  it('refuses a chain that verifies but names history the log does not hold', () => {
    const beyond = recorded(whole).map((event, index) => (index === 2 ? { ...event, data: { ...event.data, historyRange: { seq: 1, count: 9 } } } : event))
    const records = chainReplayEvents(GENESIS_HASH, beyond as TExecutionEventEnvelope[])
    expect(verifyReplayLog(records)).toEqual({
      ok: false,
      index: 2,
      reason: 'record 2 (seq 2) names 9 messages of the request at seq 1, which the log does not hold'
    })
    const error = (() => {
      try {
        resolveHistoryRanges(beyond, 's1')
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(StorageError)
    expect((error as Error).message).toBe('Replay event seq 2 of session "s1" names 9 messages of the request at seq 1, which the log does not hold')
  })

  it('exports compact records at version 2 and imports them; a version 1 export, each request whole, still imports', () => {
    const compact = chainReplayEvents(GENESIS_HASH, recorded(whole))
    const exported = exportReplayLogJsonl('s1', compact)
    expect(JSON.parse(exported.split('\n')[0] ?? '')).toMatchObject({ version: 2, recordCount: 3 })
    expect(exported.length).toBeLessThan(exportReplayLogJsonl('s1', chainReplayEvents(GENESIS_HASH, whole)).length)
    const imported = importReplayLogJsonl(exported)
    expect(resolveHistoryRanges(imported.records.map((record) => record.event), 's1')).toEqual(whole)

    // Written before ranges existed: version 1 header and records, hashed over whole requests.
    const old = chainReplayEvents(GENESIS_HASH, whole).map((record) => ({ ...record, version: 1 as const }))
    const oldFile = exportReplayLogJsonl('s1', old).replace('"version":2', '"version":1')
    const oldImport = importReplayLogJsonl(oldFile)
    expect(oldImport.header.version).toBe(1)
    expect(oldImport.records.map((record) => record.event)).toEqual(whole)
    expect(verifyReplayLog(oldImport.records)).toMatchObject({ ok: true, recordCount: 3 })

    // A version 1 record cannot name a range: the format had none.
    const rangeInOld = compact.map((record) => ({ ...record, version: 1 as const }))
    expect(verifyReplayLog(rangeInOld)).toMatchObject({ ok: false, index: 1 })
  })
})
