import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { StorageError } from '../core/errors.ts'
import { assertCommittable, selectNewEvents } from './assert-committable.ts'
import { assertImportable } from './replay-log/assert-importable.ts'
import { selectEventWindow } from './replay-log/event-window.ts'
import { toReplayLogHead, type TReplayLogHead, type TReplayRecord } from './replay-log/hash-chain.ts'
import {
  chainForCommit,
  fromReplayRecord,
  toEnvelopes,
  toReplayRecord,
  type TStoredReplayEvent
} from './replay-log/stored-replay-event.ts'
import { assertMessageWindow, selectMessageWindow } from './message-window.ts'
import type { ISessionStore, TEventWindow, TMessageWindow, TSessionHead, TSessionListing, TSessionRecord, TStoredMessageWindow } from './session-store.ts'
import { sortNewestFirst, toSessionHead, toSessionSummary } from './session-summary.ts'

/**
 * Keeps sessions in memory, for tests, Node scripts and runs that need no persistence. Values are
 * structured-cloned on the way in and out, so callers never share objects with the stored state.
 */
export class MemorySessionStore implements ISessionStore {
  private readonly records = new Map<string, TSessionRecord>()
  private readonly events = new Map<string, TStoredReplayEvent[]>()
  private readonly snapshots = new Map<string, unknown>()
  // Apart from `events`, as a database keeps it apart: what was written, whatever is left.
  private readonly heads = new Map<string, TReplayLogHead>()

  async commit(record: TSessionRecord, events: readonly TExecutionEventEnvelope[]): Promise<void> {
    assertCommittable(record, events)
    const stored = this.events.get(record.id) ?? []
    const fresh = selectNewEvents(events, new Set(stored.map((event) => event.seq)))
    // Clone and chain everything before touching state: a rejected value must leave no trace.
    const recordCopy = cloneForStorage(record, record.id)
    const chained = chainForCommit(record.id, stored.at(-1), cloneForStorage(fresh, record.id))
    this.records.set(record.id, recordCopy)
    this.events.set(record.id, [...stored, ...chained])
    const last = chained.at(-1)
    if (last) this.heads.set(record.id, { recordCount: (this.heads.get(record.id)?.recordCount ?? 0) + chained.length, lastHash: last.hash })
  }

  async importSession(record: TSessionRecord, records: readonly TReplayRecord[]): Promise<void> {
    if (this.records.has(record.id)) {
      throw new StorageError(`Cannot import session "${record.id}": a session with that id already exists.`, {
        details: { sessionId: record.id }
      })
    }
    assertImportable(record, records)
    const recordCopy = cloneForStorage(record, record.id)
    const stored = cloneForStorage(records.map(fromReplayRecord), record.id)
    this.records.set(record.id, recordCopy)
    this.events.set(record.id, stored)
    this.heads.set(record.id, toReplayLogHead(records))
  }

  async loadReplayLogHead(sessionId: string): Promise<TReplayLogHead | undefined> {
    const head = this.heads.get(sessionId)
    return head ? { ...head } : undefined
  }

  async loadReplayLog(sessionId: string): Promise<TReplayRecord[]> {
    return (this.events.get(sessionId) ?? []).map((event) => structuredClone(toReplayRecord(event)))
  }

  async loadSession(id: string): Promise<TSessionRecord | undefined> {
    const record = this.records.get(id)
    return record ? structuredClone(record) : undefined
  }

  async loadSessionHead(id: string): Promise<TSessionHead | undefined> {
    const record = this.records.get(id)
    return record ? structuredClone(toSessionHead(record)) : undefined
  }

  async loadMessageWindow(id: string, window: TMessageWindow): Promise<TStoredMessageWindow | undefined> {
    assertMessageWindow(window)
    const record = this.records.get(id)
    return record ? structuredClone(selectMessageWindow(record, window)) : undefined
  }

  async listSessions(): Promise<TSessionListing> {
    const summaries = [...this.records.values()].map(toSessionSummary)
    // Records were validated on commit and are never exposed by reference, so none can be corrupt.
    return { sessions: sortNewestFirst(summaries), corrupt: [] }
  }

  async loadEvents(sessionId: string): Promise<TExecutionEventEnvelope[]> {
    return structuredClone(toEnvelopes(this.events.get(sessionId) ?? [], sessionId))
  }

  async loadEventWindow(sessionId: string, window: TEventWindow): Promise<TExecutionEventEnvelope[]> {
    return structuredClone(selectEventWindow(this.events.get(sessionId) ?? [], window))
  }

  async saveSandboxSnapshot(sessionId: string, snapshot: unknown): Promise<void> {
    this.snapshots.set(sessionId, cloneForStorage(snapshot, sessionId))
  }

  async loadSandboxSnapshot(sessionId: string): Promise<unknown> {
    return this.snapshots.has(sessionId) ? structuredClone(this.snapshots.get(sessionId)) : undefined
  }

  async deleteSession(id: string): Promise<void> {
    this.records.delete(id)
    this.events.delete(id)
    this.snapshots.delete(id)
    this.heads.delete(id)
  }
}

function cloneForStorage<TValue>(value: TValue, sessionId: string): TValue {
  try {
    return structuredClone(value)
  } catch (error) {
    throw new StorageError(`Cannot commit session "${sessionId}": a value cannot be stored (${String(error)})`, {
      details: { sessionId, operation: 'commit' },
      cause: error
    })
  }
}
