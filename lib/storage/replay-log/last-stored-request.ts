import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import { toRecordedRequest } from './history-range.ts'

/** A provider request a log holds, with every message it sent. */
export type TStoredRequest = { seq: number; messages: readonly unknown[] }

/**
 * The last provider request stored in one session's log, which the next request is recorded
 * against (`toRecordedRequest`). One per session for as long as it runs, shared by every recorder
 * that writes its log in turn, so the first request of a turn names the history the last one of
 * the turn before sent. It only ever names a request whose write has landed.
 */
export class LastStoredRequest {
  private last: TStoredRequest | undefined

  /**
   * The events as the log records them (each request against the one before), and the last
   * request among them: pass it to `stored` once the write that holds them has landed.
   */
  record(events: readonly TExecutionEventEnvelope[]): { events: TExecutionEventEnvelope[]; last: TStoredRequest | undefined } {
    let last = this.last
    const recorded = events.map((event) => {
      if (event.type !== 'provider_request') return event
      const compact = toRecordedRequest(event, last)
      last = { seq: event.seq, messages: event.data.messages }
      return compact
    })
    return { events: recorded, last }
  }

  /** The write holding `last` landed: the next request may name it. */
  stored(last: TStoredRequest | undefined): void {
    this.last = last
  }

  /** A write failed: what it held may not be stored, so the next request is recorded whole. */
  forget(): void {
    this.last = undefined
  }
}
