import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { createAssistantMessage, createToolMessage, createUserMessage, type TUniversalMessage } from '../core/messages.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import type { TSessionRecord } from '../storage/session-store.ts'
import type { TSessionEvent } from './session-events.ts'
import { SessionPersistence } from './session-persistence.ts'

/** A store whose writes take a while and finish in the order they were called, recording each. */
class SlowStore extends MemorySessionStore {
  readonly writes: Array<{ messages: string[]; seqs: number[]; name: string }> = []
  override async commit(record: TSessionRecord, events: readonly TExecutionEventEnvelope[]): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 5))
    this.writes.push({ messages: record.messages.map((message) => message.content), seqs: events.map((event) => event.seq), name: record.name })
    return super.commit(record, events)
  }
}

const record: TSessionRecord = { id: 's1', name: 'first', createdAt: 1, updatedAt: 1, model: 'm', providerName: 'p', messages: [], nextEventSeq: 0 }

function append(seq: number, index: number, message: TUniversalMessage): TSessionEvent {
  return { seq, ts: 0, sessionId: 's1', executionId: 'e', type: 'history_mutation', data: { mutation: 'append', index, message } }
}

function replace(seq: number, messages: TUniversalMessage[]): TSessionEvent {
  return { seq, ts: 0, sessionId: 's1', executionId: 'e', type: 'history_replaced', data: { reason: 'compaction', messages } }
}

describe('SessionPersistence', () => {
  it('starts the messages over at a history reset, after every earlier write has landed', async () => {
    const store = new SlowStore()
    const persistence = new SessionPersistence(store, record)
    await persistence.start()
    persistence.observe(append(0, 0, createUserMessage('one')))
    persistence.observe(append(1, 1, createUserMessage('two')))
    await persistence.observe(replace(2, [createUserMessage('summary')]))
    persistence.observe(append(3, 1, createUserMessage('three')))
    await persistence.flush(4)

    expect(store.writes.map((write) => write.seqs)).toEqual([[], [0], [1], [], [2], [3], []])
    expect(store.writes.at(-1)?.messages).toEqual(['summary', 'three'])
    const events = await store.loadEvents('s1')
    expect(events.map((event) => event.seq)).toEqual([0, 1, 2, 3])
    expect(await store.loadSession('s1')).toMatchObject({ nextEventSeq: 4, messages: [{ content: 'summary' }, { content: 'three' }] })
  })

  it('writes a rename at the next flush, keeping the buffered events', async () => {
    const store = new SlowStore()
    const persistence = new SessionPersistence(store, record)
    await persistence.start()
    persistence.update({ name: 'renamed', model: 'm2' })
    expect(persistence.record.name).toBe('renamed')
    persistence.observe({ seq: 0, ts: 0, sessionId: 's1', executionId: 'e', type: 'provider_stream_raw_delta', data: { sequence: 0, delta: 'x' } })
    await persistence.flush(1)
    expect(await store.loadSession('s1')).toMatchObject({ name: 'renamed', model: 'm2', nextEventSeq: 1 })
    expect((await store.loadEvents('s1')).map((event) => event.seq)).toEqual([0])
    await persistence.flush(1)
    expect(store.writes.at(-1)?.name).toBe('renamed')
  })

  it('snapshots the sandbox before a round’s tool results unless every tool of the round only reads', async () => {
    const snapshotsFor = async (toolNames: string[]) => {
      let snapshots = 0
      const persistence = new SessionPersistence(new MemorySessionStore(), record, { snapshotSandbox: async () => ++snapshots })
      await persistence.start()
      const toolCalls = toolNames.map((name, index) => ({ id: `call-${index}`, name, arguments: {} }))
      const messages = [
        createUserMessage('Go.'),
        createAssistantMessage('Running them.', { toolCalls }),
        ...toolCalls.map((call) => createToolMessage('done', { toolCallId: call.id, toolName: call.name }))
      ]
      messages.forEach((message, index) => persistence.observe(append(index, index, message)))
      await persistence.flush(messages.length)
      return snapshots
    }
    expect(await snapshotsFor(['Read', 'Glob', 'Grep', 'WebFetch', 'WebSearch'])).toBe(0)
    expect(await snapshotsFor(['Read', 'Bash'])).toBe(1)
    // A tool the SDK does not know may do anything.
    expect(await snapshotsFor(['deploy'])).toBe(1)
  })
})
