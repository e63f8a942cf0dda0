import type {
  TExecutionEventEnvelope,
  TExecutionEventCallback,
  TExecutionEventDataMap,
  TExecutionEventType
} from '../execution-events.ts'

/**
 * Wraps replay event data in envelopes whose `seq` keeps rising across every run of a session, so
 * a log spanning many runs (and a resumed session) stays totally ordered.
 */
export class ExecutionEventSequencer {
  private nextSeq: number

  constructor(
    private readonly sessionId: string,
    firstSeq = 0
  ) {
    this.nextSeq = firstSeq
  }

  /** The `seq` the next event will get. */
  peekNextSeq(): number {
    return this.nextSeq
  }

  /** Builds the envelope and hands it to `listener`. */
  emit<TType extends TExecutionEventType>(
    listener: TExecutionEventCallback | undefined,
    executionId: string,
    type: TType,
    data: TExecutionEventDataMap[TType],
    round: number | undefined
  ): void {
    const seq = this.nextSeq++
    // With nobody listening the envelope would be garbage at once; streaming emits one per delta.
    if (!listener) return
    const envelope = { seq, ts: Date.now(), sessionId: this.sessionId, executionId, type, data } as TExecutionEventEnvelope
    if (round !== undefined) envelope.round = round
    listener(envelope)
  }
}
