import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import type { TSessionRecord } from '../storage/session-store.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { LocalAgentHost } from './local-agent-host.ts'

// Counts, at the start of each storage write, how many deltas the subscriber had been given.
class WatchedStore extends MemorySessionStore {
  readonly deliveredAtWrite: number[] = []
  constructor(private readonly delivered: () => number) {
    super()
  }

  override async commit(record: TSessionRecord, events: readonly TExecutionEventEnvelope[]): Promise<void> {
    if (events.length > 0) this.deliveredAtWrite.push(this.delivered())
    return super.commit(record, events)
  }
}

describe('HostedSession turns', () => {
  it("delivers a round's deltas before the write that stores them starts, however long the batch window", async () => {
    let deltas = 0
    const store = new WatchedStore(() => deltas)
    const pieces = Array.from({ length: 50 }, (_unused, index) => `piece ${index} `)
    const host = new LocalAgentHost({
      store,
      createSandbox: () => new InMemorySandboxClient(),
      createProvider: () => new ScriptedProvider([{ text: pieces }]),
      defaultProvider: { kind: 'scripted', model: 'scripted-model' },
      // Far longer than the turn: without a flush before the write, the deltas would wait for it.
      eventIntervalMs: 60_000
    })
    await host.subscribe((events) => {
      for (const event of events) if (event.kind === 'replay' && event.event.type === 'provider_stream_raw_delta') deltas++
    })
    const session = await host.createSession()
    await host.submit(session.id, 'Stream.')
    // The user message's write comes first, before any delta; the answer's write after all of them.
    expect(store.deliveredAtWrite.at(-1)).toBe(pieces.length)
  })

  it("sends a reply's first text at once, not at the end of the batch window", async () => {
    const deltaBatches: string[][] = []
    const host = new LocalAgentHost({
      store: new MemorySessionStore(),
      createSandbox: () => new InMemorySandboxClient(),
      // A pause before each piece keeps the first apart from the second.
      createProvider: () => new ScriptedProvider([{ text: ['First ', 'second.'] }], { deltaDelayMs: 50 }),
      defaultProvider: { kind: 'scripted', model: 'scripted-model' },
      eventIntervalMs: 60_000
    })
    await host.subscribe((events) => {
      const deltas = events.flatMap((event) => (event.kind === 'replay' && event.event.type === 'provider_stream_raw_delta' ? [event.event.data.delta] : []))
      if (deltas.length > 0) deltaBatches.push(deltas)
    })
    const session = await host.createSession()
    await host.submit(session.id, 'Stream.')
    // Batched with the rest, the first piece would have waited with the second for the turn's end.
    expect(deltaBatches).toEqual([['First '], ['second.']])
  })
})
