import type { IExecutionEventEnvelope } from '../core/execution-events.ts'
import { redactSecrets } from '../storage/replay-log/redact-secrets.ts'
import type { THostEvent } from './agent-host.ts'
import { toStoredEvent, type TAnySessionEventDataMap, type TAnySessionEventType, type TSessionEvent } from './session-events.ts'

/**
 * Events a host records for a session outside a turn (a compaction, a clear), numbered on from
 * the session's next `seq`, redacted like a turn's, and published as they are recorded.
 */
export class HostEventLog {
  private readonly recorded: IExecutionEventEnvelope[] = []

  constructor(
    private readonly sessionId: string,
    private nextSeq: number,
    private readonly publish: (event: THostEvent) => void
  ) {}

  /** Records one event under `executionId`. */
  record<TType extends TAnySessionEventType>(type: TType, data: TAnySessionEventDataMap[TType], executionId: string, round?: number): void {
    const envelope = { seq: this.nextSeq++, ts: Date.now(), sessionId: this.sessionId, executionId, ...(round === undefined ? {} : { round }), type, data }
    const event = toStoredEvent(redactSecrets(envelope as TSessionEvent))
    this.recorded.push(event)
    this.publish({ kind: 'replay', event })
  }

  /** Everything recorded so far, in order. */
  get events(): IExecutionEventEnvelope[] {
    return [...this.recorded]
  }

  /** The `seq` the session's next event carries. */
  get nextEventSeq(): number {
    return this.nextSeq
  }
}
