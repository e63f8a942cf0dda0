import { describe, expect, it } from 'vitest'
import { StorageError } from '../../core/errors.ts'
import type { TStoredReplayEvent } from '../replay-log/stored-replay-event.ts'
import { extractMessagePayloads, resolveMessagePayloads } from './stored-message-payloads.ts'

const long = (id: string) => ({ id, role: 'user', state: 'complete', timestamp: 1, content: `${id}: ${'a long message '.repeat(30)}` })
const short = (id: string) => ({ id, role: 'assistant', state: 'complete', timestamp: 2, content: 'ok' })

function request(seq: number, messages: unknown[]): TStoredReplayEvent {
  return { seq, ts: seq, sessionId: 's1', executionId: 'e', type: 'provider_request', data: { provider: 'p', model: 'm', tools: [], messages }, prevHash: 'x', hash: 'y' } as unknown as TStoredReplayEvent
}

describe('stored message payloads: a request stored as what it adds to the one before', () => {
  const first = [long('m1'), short('m2')]
  const second = [...first, long('m3')]
  const third = [long('other'), ...second]

  it('stores the second request as a range of the first plus its new message, and gives all three back whole', () => {
    const events = [request(0, first), request(5, second), request(9, third)]
    const stored = extractMessagePayloads(events)
    expect(stored.events[1]?.data).toMatchObject({ messages: { after: 0, kept: 2, added: [expect.stringMatching(/^sha256:/)] } })
    // A history that starts differently shares nothing: stored whole, by reference.
    expect(Array.isArray((stored.events[2]?.data as { messages: unknown }).messages)).toBe(true)
    expect(resolveMessagePayloads(stored.events, stored.payloads, 's1')).toEqual(events)
  })

  it('continues from the last request of an earlier commit', () => {
    const earlier = extractMessagePayloads([request(0, first)])
    const later = extractMessagePayloads([request(5, second)], earlier.lastRequest)
    expect(later.events[0]?.data).toMatchObject({ messages: { after: 0, kept: 2 } })
    const payloads = new Map([...earlier.payloads, ...later.payloads])
    expect(resolveMessagePayloads([...earlier.events, ...later.events], payloads, 's1')).toEqual([request(0, first), request(5, second)])
  })

  it('reports a request whose earlier request is not stored, naming both seqs', () => {
    const stored = extractMessagePayloads([request(0, first), request(5, second)])
    const error = (() => {
      try {
        resolveMessagePayloads(stored.events.slice(1), stored.payloads, 's1')
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(StorageError)
    expect((error as StorageError).message).toBe('Replay event seq 5 of session "s1" continues the request at seq 0, which is not stored')
  })
})
