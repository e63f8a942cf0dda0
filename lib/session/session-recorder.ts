import type { IExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { ISessionStore, TSessionRecord } from '../storage/session-store.ts'

/**
 * Persists a running session as it goes: events are buffered and written together with the
 * record each time a message is committed to history, so a crash loses at most the stream of
 * the round in flight, never a committed message. Writes are chained and never overlap.
 */
export class SessionRecorder {
  private buffered: IExecutionEventEnvelope[] = []
  private writing: Promise<void> = Promise.resolve()
  private failure: unknown

  constructor(
    private readonly store: ISessionStore,
    private latest: TSessionRecord
  ) {}

  /** The record as last queued for writing. */
  get current(): TSessionRecord {
    return this.latest
  }

  /** Buffers one event; a history append also queues a write of everything so far. */
  observe(event: IExecutionEventEnvelope, history: () => TUniversalMessage[]): void {
    this.buffered.push(event)
    if (event.type === 'history_mutation') this.commit(history(), event.seq + 1)
  }

  /** Queues a write of the record with `messages` and every buffered event. */
  commit(messages: TUniversalMessage[], nextEventSeq: number): void {
    const events = this.buffered
    this.buffered = []
    this.latest = { ...this.latest, messages, nextEventSeq, updatedAt: Date.now() }
    const record = this.latest
    this.writing = this.writing.then(async () => {
      try {
        await this.store.commit(record, events)
      } catch (error) {
        this.failure ??= error
      }
    })
  }

  /** Waits for every queued write; rejects with the first write failure, if any. */
  async settle(): Promise<void> {
    await this.writing
    if (this.failure !== undefined) {
      const failure = this.failure
      this.failure = undefined
      throw failure
    }
  }
}
