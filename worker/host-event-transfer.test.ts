import * as Comlink from 'comlink'
import { afterEach, describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../lib/core/execution-events.ts'
import type { THostEvent } from '../lib/host/agent-host.ts'
import { markHostEventBatch, packHostEvents, registerHostEventTransfer, unpackHostEvents } from './host-event-transfer.ts'

function delta(seq: number, text: string, options: { sessionId?: string; executionId?: string; round?: number } = {}): THostEvent {
  const event = { seq, ts: 1_700_000_000_000 + seq, sessionId: options.sessionId ?? 's1', executionId: options.executionId ?? 'e1', type: 'provider_stream_raw_delta', data: { sequence: seq, delta: text } } as TExecutionEventEnvelope
  if (options.round !== undefined) event.round = options.round
  return { kind: 'replay', event }
}

const started: THostEvent = { kind: 'turn_started', sessionId: 's1', prompt: 'hi' }

describe('packHostEvents / unpackHostEvents', () => {
  it('gives back every event in order, runs of deltas packed as columns and the rest as they were', () => {
    const events: THostEvent[] = [
      started,
      delta(0, 'He', { round: 1 }),
      delta(1, 'llo', { round: 1 }),
      delta(2, ' again', { round: 2 }),
      delta(3, 'other session', { sessionId: 's2', round: 2 }),
      delta(4, 'no round'),
      { kind: 'turn_finished', sessionId: 's1', result: { response: 'Hello again', interrupted: false, toolsExecuted: [] } }
    ]
    const wire = packHostEvents(events)
    expect(wire.map((segment) => ('deltas' in segment ? `deltas:${segment.deltas.delta.length}` : `events:${segment.events.length}`))).toEqual([
      'events:1',
      'deltas:2',
      'deltas:1',
      'deltas:1',
      'deltas:1',
      'events:1'
    ])
    const back = unpackHostEvents(wire)
    expect(back).toEqual(events)
    // An event without a round gets none back, not `round: undefined`.
    expect(back[5]?.kind === 'replay' && 'round' in back[5].event).toBe(false)
  })

  it('leaves a delta event of any other shape whole, extra fields included', () => {
    const odd = delta(0, 'x', { round: 1 }) as { kind: 'replay'; event: TExecutionEventEnvelope & { note?: string } }
    odd.event.note = 'kept'
    const withUndefinedRound = { kind: 'replay', event: { ...(delta(1, 'y') as { event: TExecutionEventEnvelope }).event, round: undefined } } as THostEvent
    const wire = packHostEvents([odd, withUndefinedRound])
    expect(wire).toEqual([{ events: [odd, withUndefinedRound] }])
    expect(unpackHostEvents(wire)).toEqual([odd, withUndefinedRound])
  })
})

describe('registerHostEventTransfer over a real comlink channel', () => {
  let channel: MessageChannel | undefined
  afterEach(() => {
    channel?.port1.close()
    channel?.port2.close()
  })

  it('delivers a marked batch packed and unpacks it to the same events; an unmarked array crosses as it is', async () => {
    registerHostEventTransfer()
    channel = new MessageChannel()
    const received: unknown[] = []
    const sent: Array<{ argumentList?: Array<{ type: string; name?: string }> }> = []
    channel.port1.addEventListener('message', (message: MessageEvent) => void sent.push(message.data))
    Comlink.expose({ take: (value: unknown) => void received.push(value) }, channel.port1)
    const remote = Comlink.wrap<{ take: (value: unknown) => void }>(channel.port2)
    const events = [started, ...Array.from({ length: 500 }, (_, index) => delta(index, `${index} `, { round: 1 }))]
    markHostEventBatch(events)
    // The packed form is what the handler sends: columns, not 500 objects.
    const handler = Comlink.transferHandlers.get('robota-host-events')
    expect(handler?.canHandle(events)).toBe(true)
    expect(handler?.canHandle([...events])).toBe(false)
    await remote.take(events)
    await remote.take([...events])
    expect(received).toEqual([events, events])
    expect(sent.map((message) => message.argumentList?.[0]?.name ?? message.argumentList?.[0]?.type)).toEqual(['robota-host-events', 'RAW'])
  })
})
