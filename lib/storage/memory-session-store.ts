import type { IExecutionEventEnvelope } from '../core/execution-events.ts'
import { StorageError } from '../core/errors.ts'
import { assertCommittable, selectNewEvents } from './assert-committable.ts'
import type { ISessionStore, TSessionListing, TSessionRecord } from './session-store.ts'
import { sortNewestFirst, toSessionSummary } from './session-summary.ts'

/**
 * Keeps sessions in memory, for tests, Node scripts and runs that need no persistence. Values are
 * structured-cloned on the way in and out, so callers never share objects with the stored state.
 */
export class MemorySessionStore implements ISessionStore {
  private readonly records = new Map<string, TSessionRecord>()
  private readonly events = new Map<string, Map<number, IExecutionEventEnvelope>>()

  async commit(record: TSessionRecord, events: readonly IExecutionEventEnvelope[]): Promise<void> {
    assertCommittable(record, events)
    const stored = this.events.get(record.id)
    const fresh = selectNewEvents(events, new Set(stored?.keys()))
    // Clone everything before touching state: a value structured clone rejects must leave no trace.
    const recordCopy = cloneForStorage(record, record.id)
    const eventCopies = fresh.map((event) => cloneForStorage(event, record.id))
    this.records.set(record.id, recordCopy)
    const target = stored ?? new Map<number, IExecutionEventEnvelope>()
    for (const event of eventCopies) target.set(event.seq, event)
    this.events.set(record.id, target)
  }

  async loadSession(id: string): Promise<TSessionRecord | undefined> {
    const record = this.records.get(id)
    return record ? structuredClone(record) : undefined
  }

  async listSessions(): Promise<TSessionListing> {
    const summaries = [...this.records.values()].map(toSessionSummary)
    // Records were validated on commit and are never exposed by reference, so none can be corrupt.
    return { sessions: sortNewestFirst(summaries), corrupt: [] }
  }

  async loadEvents(sessionId: string): Promise<IExecutionEventEnvelope[]> {
    const stored = this.events.get(sessionId)
    if (!stored) return []
    return [...stored.values()].sort((left, right) => left.seq - right.seq).map((event) => structuredClone(event))
  }

  async deleteSession(id: string): Promise<void> {
    this.records.delete(id)
    this.events.delete(id)
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
