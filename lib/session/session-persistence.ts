import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { isReadOnlyTool } from '../permissions/index.ts'
import { LastStoredRequest } from '../storage/replay-log/last-stored-request.ts'
import { SessionRecorder } from '../storage/session-recorder.ts'
import type { ISessionStore, TSessionRecord } from '../storage/session-store.ts'
import { toStoredEvent, type TSessionEvent } from './session-events.ts'

type TRecordChanges = Partial<Pick<TSessionRecord, 'name' | 'model'>>

/** What every write of a `SessionPersistence` does besides storing: see `SessionRecorder`. */
export type TSessionPersistenceOptions = {
  /** Runs before each write (delivering the events published so far, say). */
  beforeWrite?: () => Promise<void>
  /** Takes a sandbox snapshot to store before a round's tool results. */
  snapshotSandbox?: () => Promise<unknown>
  /** At most one snapshot per turn: see `SessionRecorder`. */
  snapshotOncePerTurn?: boolean
  /**
   * The last provider request the session's log holds, kept by whoever outlives this persistence
   * (a host makes one per turn), so each request is recorded against the one before. Without it,
   * this persistence keeps its own.
   */
  lastStoredRequest?: LastStoredRequest
}

/**
 * Persists one session through a `SessionRecorder`, with what the recorder does not do: a
 * `history_replaced` event starts the record's messages over (the recorder only appends), and
 * renames or model switches reach the record. Events must already be redacted.
 */
export class SessionPersistence {
  private recorder: SessionRecorder
  private changes: TRecordChanges = {}
  private queue: Promise<void> = Promise.resolve()
  private readonly lastStoredRequest: LastStoredRequest

  constructor(
    private readonly store: ISessionStore,
    record: TSessionRecord,
    private readonly options: TSessionPersistenceOptions = {}
  ) {
    this.lastStoredRequest = options.lastStoredRequest ?? new LastStoredRequest()
    this.recorder = this.recorderFor(record)
  }

  /** The record as last queued, with pending changes applied. */
  get record(): TSessionRecord {
    return { ...this.recorder.current, ...this.changes }
  }

  /** The events recorded and not stored yet, oldest first: see `SessionRecorder.unstoredEvents`. */
  unstoredEvents(): TExecutionEventEnvelope[] {
    return this.recorder.unstoredEvents()
  }

  /** Writes the record as it is now (a new session's first write). */
  start(): Promise<void> {
    return this.enqueue(async () => {
      this.recorder.commit(this.recorder.current.nextEventSeq)
      await this.recorder.settle()
    })
  }

  /**
   * Records one event. A history reset is written together with the new messages once every
   * earlier write has landed; the returned promise resolves when it has.
   */
  observe(event: TSessionEvent): void | Promise<void> {
    if (event.type !== 'history_replaced') {
      this.recorder.observe(toStoredEvent(event))
      return
    }
    return this.enqueue(async () => {
      const previous = this.recorder
      previous.commit(event.seq)
      await previous.settle()
      this.recorder = this.recorderFor({ ...previous.current, ...this.changes, messages: [...event.data.messages] })
      this.recorder.observe(toStoredEvent(event))
      this.recorder.commit(event.seq + 1)
      await this.recorder.settle()
    })
  }

  /** Queues a change of name or model, written at the next `flush`. */
  update(changes: TRecordChanges): void {
    this.changes = { ...this.changes, ...changes }
  }

  /**
   * Changes the name or model now: every later write carries it, also the commits of a round in
   * flight. Resolves once the record with the change is stored.
   */
  amend(changes: TRecordChanges): Promise<void> {
    this.changes = { ...this.changes, ...changes }
    return this.enqueue(async () => {
      this.recorder.amend(changes)
      await this.recorder.settle()
    })
  }

  /** Writes every buffered event and pending change; rejects with the first write failure. */
  flush(nextEventSeq: number): Promise<void> {
    return this.enqueue(async () => {
      this.recorder.commit(nextEventSeq)
      await this.recorder.settle()
      const current = this.recorder.current
      const changed = Object.entries(this.changes).some(([key, value]) => current[key as keyof TRecordChanges] !== value)
      if (!changed) return
      this.recorder = this.recorderFor({ ...current, ...this.changes })
      this.recorder.commit(nextEventSeq)
      await this.recorder.settle()
    })
  }

  /** Resolves once every queued write has landed (or failed); start a run only then. */
  whenIdle(): Promise<void> {
    return this.queue
  }

  private recorderFor(record: TSessionRecord): SessionRecorder {
    return new SessionRecorder(this.store, record, {
      ...this.options,
      lastStoredRequest: this.lastStoredRequest,
      // Read, Glob, Grep, WebFetch and WebSearch change nothing a snapshot would hold.
      mayChangeWorkspace: (toolName) => !isReadOnlyTool(toolName)
    })
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task)
    // The chain continues after a failure; the caller of the failed step still sees it.
    this.queue = run.catch(() => undefined)
    return run
  }
}
