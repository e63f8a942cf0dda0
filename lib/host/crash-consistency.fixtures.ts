import { IDBObjectStore } from 'fake-indexeddb'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { IChatOptions, TProviderResponse } from '../core/provider.ts'
import { AbstractAIProvider } from '../core/abstract-ai-provider.ts'
import type { TReplayLogHead, TReplayRecord } from '../storage/replay-log/hash-chain.ts'
import type { ISessionStore, TEventWindow, TMessageWindow, TSessionHead, TSessionListing, TSessionRecord, TStoredMessageWindow } from '../storage/session-store.ts'

/** The error every write meets once the run is dead. */
export class SimulatedCrash extends Error {
  override readonly name = 'SimulatedCrash'
}

/**
 * One run's life: once `kill()` is called, nothing the run does reaches storage any more, as if
 * its process had ended. Kill points count writes, IndexedDB puts or streamed deltas.
 */
export class CrashSwitch {
  dead = false
  private remaining: Record<'writes' | 'puts' | 'deltas', number> = { writes: Infinity, puts: Infinity, deltas: Infinity }

  /** Kills the run when the `count + 1`th thing of `kind` is about to happen. */
  armAfter(kind: 'writes' | 'puts' | 'deltas', count: number): void {
    this.remaining[kind] = count
  }

  kill(): void {
    this.dead = true
  }

  /** Counts one thing of `kind`; false (and the run dead) once the armed count is spent. */
  pass(kind: 'writes' | 'puts' | 'deltas'): boolean {
    if (this.dead) return false
    if (this.remaining[kind] <= 0) {
      this.kill()
      return false
    }
    this.remaining[kind]--
    return true
  }
}

/**
 * A store seen through a run that can die: each write either lands whole (the inner store's own
 * atomicity) or, once the switch is dead, never starts. Remembers the messages of the last write
 * the run saw succeed: those must survive any crash after it.
 */
export class CrashingSessionStore implements ISessionStore {
  acknowledged: TUniversalMessage[] = []
  /** The log length after each commit the run saw succeed. */
  readonly commitEnds: number[] = []

  constructor(
    private readonly inner: ISessionStore,
    private readonly life: CrashSwitch
  ) {}

  async commit(record: TSessionRecord, events: readonly TExecutionEventEnvelope[]): Promise<void> {
    this.write()
    await this.inner.commit(record, events)
    if (this.life.dead) return
    this.acknowledged = structuredClone(record.messages)
    this.commitEnds.push(record.nextEventSeq)
  }

  async importSession(record: TSessionRecord, records: readonly TReplayRecord[]): Promise<void> {
    this.write()
    await this.inner.importSession(record, records)
  }

  async saveSandboxSnapshot(sessionId: string, snapshot: unknown): Promise<void> {
    this.write()
    await this.inner.saveSandboxSnapshot(sessionId, snapshot)
  }

  async deleteSession(id: string): Promise<void> {
    this.write()
    await this.inner.deleteSession(id)
  }

  loadSession(id: string): Promise<TSessionRecord | undefined> {
    return this.inner.loadSession(id)
  }

  loadSessionHead(id: string): Promise<TSessionHead | undefined> {
    return this.inner.loadSessionHead(id)
  }

  async loadMessageWindow(id: string, window: TMessageWindow): Promise<TStoredMessageWindow | undefined> {
    return this.inner.loadMessageWindow(id, window)
  }

  listSessions(): Promise<TSessionListing> {
    return this.inner.listSessions()
  }

  loadEvents(sessionId: string): Promise<TExecutionEventEnvelope[]> {
    return this.inner.loadEvents(sessionId)
  }

  loadEventWindow(sessionId: string, window: TEventWindow): Promise<TExecutionEventEnvelope[]> {
    return this.inner.loadEventWindow(sessionId, window)
  }

  loadReplayLog(sessionId: string): Promise<TReplayRecord[]> {
    return this.inner.loadReplayLog(sessionId)
  }

  loadReplayLogHead(sessionId: string): Promise<TReplayLogHead | undefined> {
    return this.inner.loadReplayLogHead(sessionId)
  }

  loadSandboxSnapshot(sessionId: string): Promise<unknown> {
    return this.inner.loadSandboxSnapshot(sessionId)
  }

  private write(): void {
    if (!this.life.pass('writes')) throw new SimulatedCrash('the run was killed before this write')
  }
}

/**
 * Makes fake-indexeddb's puts obey `life`: a put after the kill aborts its transaction before it
 * commits, as a transaction still open when a tab dies never commits. Returns the undo.
 */
export function crashIndexedDBPuts(life: () => CrashSwitch | undefined): () => void {
  const prototype = IDBObjectStore.prototype as unknown as { put: (...args: unknown[]) => unknown; transaction: { abort(): void } }
  const put = prototype.put
  prototype.put = function (this: typeof prototype, ...args: unknown[]) {
    const current = life()
    if (current && !current.pass('puts')) {
      try {
        this.transaction.abort()
      } catch {
        // Already aborted by an earlier put of the same batch.
      }
      throw new SimulatedCrash('the run was killed in the middle of this transaction')
    }
    return put.apply(this, args)
  }
  return () => {
    prototype.put = put
  }
}

/**
 * A provider that streams through `inner` and kills the run when `life` says the armed delta has
 * come: the crash lands mid-stream, between two pieces of one answer.
 */
export class CrashingStreamProvider extends AbstractAIProvider {
  readonly name: string

  constructor(
    private readonly inner: AbstractAIProvider,
    private readonly life: CrashSwitch
  ) {
    super()
    this.name = inner.name
  }

  chat(messages: readonly TUniversalMessage[], options: IChatOptions): Promise<TProviderResponse> {
    const onTextDelta = options.onTextDelta
    return this.inner.chat(messages, {
      ...options,
      onTextDelta: (delta) => {
        this.life.pass('deltas')
        onTextDelta?.(delta)
      }
    })
  }
}

/** The history a replay log commits: its `history_mutation` appends, in index order. */
export function historyFromLog(records: readonly TReplayRecord[]): TUniversalMessage[] {
  const history: TUniversalMessage[] = []
  for (const { event } of records) {
    if (event.type !== 'history_mutation') continue
    if (event.data.index !== history.length) throw new Error(`history_mutation seq ${event.seq} appends at ${event.data.index}, expected ${history.length}`)
    history.push(event.data.message)
  }
  return history
}

/**
 * Why a history is not one a provider accepts, or `undefined` when it is: every tool result
 * answers a call of the assistant message before it, once; `requireAnswered` also wants every
 * call answered before the next user or assistant message.
 */
export function findHistoryProblem(history: readonly TUniversalMessage[], requireAnswered: boolean): string | undefined {
  let open = new Set<string>()
  for (const [index, message] of history.entries()) {
    if (message.role === 'tool') {
      if (!open.delete(message.toolCallId)) return `message ${index} answers tool call ${message.toolCallId}, which no open assistant call made`
      continue
    }
    if (requireAnswered && open.size > 0) return `message ${index} (${message.role}) comes while calls ${[...open].join(', ')} are unanswered`
    open = new Set(message.role === 'assistant' ? (message.toolCalls ?? []).map((call) => call.id) : [])
  }
  if (requireAnswered && open.size > 0) return `the history ends with calls ${[...open].join(', ')} unanswered`
  return undefined
}
