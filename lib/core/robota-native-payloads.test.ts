import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from './execution-events.ts'
import { createAssistantMessage } from './messages.ts'
import type { IAIProvider, IChatOptions, IProviderNativeRawPayloadEvent, TProviderResponse } from './provider.ts'
import { Robota } from './robota.ts'

/** A provider that reports the payloads it is given, each as it is, on every call. */
class PayloadReportingProvider implements IAIProvider {
  readonly name = 'reporting'
  constructor(private readonly payloads: Array<Omit<IProviderNativeRawPayloadEvent, 'provider'>>) {}
  supportsTools(): boolean {
    return false
  }
  async chat(_messages: unknown, options: IChatOptions): Promise<TProviderResponse> {
    for (const payload of this.payloads) options.onProviderNativeRawPayload?.({ provider: this.name, ...payload })
    return { ...createAssistantMessage('ok'), stopReason: 'end_turn' }
  }
}

async function sequencesOf(payloads: Array<Omit<IProviderNativeRawPayloadEvent, 'provider'>>, runs = 1): Promise<unknown[]> {
  const provider = new PayloadReportingProvider(payloads)
  const agent = new Robota({ name: 'native', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'm' } })
  const events: TExecutionEventEnvelope[] = []
  for (let run = 0; run < runs; run++) await agent.run('hi', { onExecutionEvent: (event) => events.push(event) })
  return events.flatMap((event) => (event.type === 'provider_native_raw_payload' ? [event.data.sequence] : []))
}

describe('provider-native payload sequence', () => {
  it('numbers payloads a provider leaves unnumbered, from 0 within each provider call', async () => {
    const payloads = [
      { payloadKind: 'request' as const, payload: { body: 1 } },
      { payloadKind: 'stream_event' as const, payload: { delta: 'o' } },
      { payloadKind: 'response' as const, payload: { done: true } }
    ]
    expect(await sequencesOf(payloads, 2)).toEqual([0, 1, 2, 0, 1, 2])
  })

  it('keeps a provider’s own numbers and continues after them when it leaves one out', async () => {
    const payloads = [
      { payloadKind: 'request' as const, sequence: 4, payload: {} },
      { payloadKind: 'stream_event' as const, payload: {} },
      { payloadKind: 'response' as const, sequence: 9, payload: {} }
    ]
    expect(await sequencesOf(payloads)).toEqual([4, 5, 9])
  })
})
