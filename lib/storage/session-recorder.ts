import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import { LastStoredRequest } from './replay-log/last-stored-request.ts'
import type { ISessionStore, TSessionRecord } from './session-store.ts'

/** What a `SessionRecorder` does around its writes. */
export type TSessionRecorderOptions = {
  /**
   * Runs before each write starts (delivering the events published so far, say): a write hashes
   * its events, which holds the thread for a while on a long round. A failure here is ignored.
   */
  beforeWrite?: () => Promise<void>
  /** Takes a sandbox snapshot, stored before a round's tool results. */
  snapshotSandbox?: () => Promise<unknown>
  /**
   * Whether a tool of this name may have changed the workspace; a round whose tools all answer
   * no takes no snapshot. Without it, every round with tool results takes one.
   */
  mayChangeWorkspace?: (toolName: string) => boolean
  /**
   * Takes at most one snapshot per turn (for a sandbox whose snapshots are billed cloud calls):
   * once a round's tools may have written, what follows is held back and written with the
   * snapshot the turn's closing `commit` takes. Without it, each such round takes its own.
   */
  snapshotOncePerTurn?: boolean
  /**
   * The last provider request the session's log holds, shared with the recorders that wrote it
   * before this one (a session makes a recorder per turn): each request is written naming the
   * history it shares with it. Without it, the recorder keeps its own.
   */
  lastStoredRequest?: LastStoredRequest
  /**
   * How long a round may stream before the text it streamed so far is written, with the record
   * as last committed, in milliseconds (default 1,000; `Infinity` never): a page closed mid-answer
   * keeps the answer up to the last such write, which the next open puts in the interrupted
   * answer (`closeInterruptedTurn`). Not while a turn holds its writes back for its one snapshot.
   */
  streamCheckpointMs?: number
}

const STREAM_CHECKPOINT_MS = 1_000

/**
 * Persists a running session as it goes: events are buffered and written together with the
 * record each time a message is committed to history, so a crash loses at most the stream of the
 * round in flight since its last write, never a committed message. A round that streams long is
 * written every `streamCheckpointMs` as well, so a crash loses about that much of its text. The
 * record's messages are rebuilt from the (already redacted) `history_mutation` events, so what is
 * stored is exactly what the log says. A round's tool results are stored only with a sandbox
 * snapshot taken after its tools ran, so a stored "Created a.txt" always finds a.txt in the
 * snapshot a resumed session restores. With `snapshotOncePerTurn` a turn takes at most one: what
 * follows a writing round is held back until the turn's closing `commit` (a crash loses the
 * turn's rounds from there, and the restored workspace loses their effects with them: the two
 * stay in step). A round whose tools cannot change the workspace (`mayChangeWorkspace`) asks for
 * none. Writes are chained and never overlap. Each `provider_request` is written naming the
 * history it shares with the last request stored before it (`historyRange`), so a turn's write
 * costs what the turn adds, not the whole history.
 */
export class SessionRecorder {
  private buffered: TExecutionEventEnvelope[] = []
  // The events of each queued write until it lands (or fails), in the order the writes run.
  private readonly writesInFlight = new Set<readonly TExecutionEventEnvelope[]>()
  // Events of writes that failed: the turn goes on, and someone opening the session still sees them.
  private readonly unwritten: TExecutionEventEnvelope[] = []
  private readonly messages: TUniversalMessage[]
  private writing: Promise<void> = Promise.resolve()
  private failure: unknown
  // A round's tools may have written since the last snapshot: with one snapshot per turn, writes wait for the turn's end.
  private snapshotDue = false
  private readonly lastStoredRequest: LastStoredRequest
  private lastWriteAt = Date.now()

  constructor(
    private readonly store: ISessionStore,
    private latest: TSessionRecord,
    private readonly options: TSessionRecorderOptions = {}
  ) {
    this.messages = [...latest.messages]
    this.lastStoredRequest = options.lastStoredRequest ?? new LastStoredRequest()
  }

  /** The record as last queued for writing. */
  get current(): TSessionRecord {
    return this.latest
  }

  /** Buffers one event; a history append also queues a write of everything so far. */
  observe(event: TExecutionEventEnvelope): void {
    this.buffered.push(event)
    if (event.type === 'provider_stream_raw_delta') return this.checkpointStream(event.seq + 1)
    if (event.type !== 'history_mutation') return
    const { index, message } = event.data
    // A round's tool results are committed together once its whole batch has run, so one
    // snapshot, taken before the first of them is stored, holds what every tool of the round did.
    const opensToolResults = message.role === 'tool' && this.messages[index - 1]?.role !== 'tool'
    this.messages[index] = message
    const snapshotNow = opensToolResults && this.roundMayWrite(index - 1)
    if (!this.options.snapshotOncePerTurn) return this.commit(event.seq + 1, snapshotNow)
    if (snapshotNow) this.snapshotDue = true
    if (!this.snapshotDue) this.commit(event.seq + 1)
  }

  /**
   * Queues a write of the record and every buffered event; when a round's tools may have written
   * since the last snapshot (or `withSnapshot` asks), after a sandbox snapshot. A turn's end calls
   * it, so what a writing round held back lands there with one snapshot.
   */
  commit(nextEventSeq: number, withSnapshot = false): void {
    withSnapshot ||= this.snapshotDue
    this.snapshotDue = false
    this.lastWriteAt = Date.now()
    const events = this.buffered
    this.buffered = []
    this.writesInFlight.add(events)
    this.latest = { ...this.latest, messages: [...this.messages], nextEventSeq, updatedAt: Date.now() }
    const record = this.latest
    // Taken now, while the tools' effects are fresh, not when the write's turn in the chain comes.
    const snapshot = withSnapshot ? this.options.snapshotSandbox?.() : undefined
    snapshot?.catch(() => undefined)
    this.writing = this.writing.then(async () => {
      try {
        // Only a courtesy to the page: a failure here must not cost the write.
        await this.options.beforeWrite?.().catch(() => undefined)
        if (snapshot) await this.store.saveSandboxSnapshot(record.id, await snapshot)
        const recorded = this.lastStoredRequest.record(events)
        await this.store.commit(record, recorded.events)
        this.lastStoredRequest.stored(recorded.last)
      } catch (error) {
        this.lastStoredRequest.forget()
        this.failure ??= error
        this.unwritten.push(...events)
      } finally {
        this.writesInFlight.delete(events)
      }
    })
  }

  /**
   * The events observed and not stored yet, oldest first: those of writes that failed or have not
   * landed, then the buffered ones. Someone reading the session while it runs joins them to what the store
   * holds, by `seq`.
   */
  unstoredEvents(): TExecutionEventEnvelope[] {
    return [this.unwritten, ...this.writesInFlight, this.buffered].flat()
  }

  /**
   * Changes the record's name or model in this write and every later one, and queues a write of
   * the record as last committed (no events): a rename during a round is not undone by the
   * round's next commit.
   */
  amend(changes: Partial<Pick<TSessionRecord, 'name' | 'model'>>): void {
    this.latest = { ...this.latest, ...changes, updatedAt: Date.now() }
    const record = this.latest
    this.writing = this.writing.then(async () => {
      try {
        await this.store.commit(record, [])
      } catch (error) {
        this.failure ??= error
      }
    })
  }

  // A round streaming for a while has its text so far written with the messages as they are.
  private checkpointStream(nextEventSeq: number): void {
    if (this.snapshotDue || Date.now() - this.lastWriteAt < (this.options.streamCheckpointMs ?? STREAM_CHECKPOINT_MS)) return
    this.commit(nextEventSeq)
  }

  // Whether the tools the assistant message at `index` called may have changed the workspace.
  private roundMayWrite(index: number): boolean {
    const calling = this.messages[index]
    if (calling?.role !== 'assistant' || !calling.toolCalls) return true
    const mayChange = this.options.mayChangeWorkspace ?? (() => true)
    return calling.toolCalls.some((call) => mayChange(call.name))
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
