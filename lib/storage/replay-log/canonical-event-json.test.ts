import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import { canonicalEventJson, canonicalJson } from './canonical-event-json.ts'

const message = { role: 'user', id: 'm1', state: 'complete', timestamp: 1.5e3, content: 'Zürich "quoted"\n', metadata: { b: 2, a: [1, 2] } }

function request(messages: unknown[], extra: Record<string, unknown> = {}): TExecutionEventEnvelope {
  return { seq: 3, ts: 10, sessionId: 's1', executionId: 'e1', round: 1, type: 'provider_request', data: { provider: 'p', model: 'm', tools: [], messages, ...extra } } as unknown as TExecutionEventEnvelope
}

describe('canonicalEventJson', () => {
  it.each([
    ['a request with messages', request([message, { ...message, id: 'm2' }])],
    ['the same message object twice, read from the cache', request([message, message])],
    ['an empty history', request([])],
    ['a request carrying the placeholder text elsewhere', request([message], { note: '\u0000robota:messages\u0000' })],
    ['an event of another type', { ...request([message]), type: 'provider_response_normalized' } as unknown as TExecutionEventEnvelope]
  ])('gives exactly what canonicalJson gives: %s', (_name, event) => {
    expect(canonicalEventJson(event)).toBe(canonicalJson(event))
  })
})

describe('canonicalJson', () => {
  it('writes what RFC 8785 has no form for as its JSON text reads back, so an exported log verifies', () => {
    const odd = { a: Number.NaN, b: [Number.POSITIVE_INFINITY, -Infinity], c: 'half \ud83d of a pair', d: 1 }
    const exported = JSON.parse(JSON.stringify(odd)) as unknown
    expect(canonicalJson(odd)).toBe('{"a":null,"b":[null,null],"c":"half \ufffd of a pair","d":1}')
    expect(canonicalJson(exported)).toBe(canonicalJson(odd))
  })
})

