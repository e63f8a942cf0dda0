import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { TReplayLogHead, TReplayRecord } from './replay-log/hash-chain.ts'
import type { TSessionSettings } from './session-settings.ts'

/** A persisted session: its committed history and where its replay log continues. */
export type TSessionRecord = {
  id: string
  name: string
  createdAt: number
  updatedAt: number
  model: string
  providerName: string
  messages: TUniversalMessage[]
  /** The `seq` the next replay event of this session will carry. */
  nextEventSeq: number
  /** The session's own prompt addition, temperature, reply cap and tool switches, when any were chosen. */
  settings?: TSessionSettings
  /** The session whose Agent tool started this one (a subagent run); absent for a session a person started. */
  parentSessionId?: string
  /** The parent's tool call that started this session, when it was a tool call. */
  parentToolCallId?: string
}

/** A persisted session without its messages: what it holds besides them, and how many there are. */
export type TSessionHead = Omit<TSessionRecord, 'messages'> & { messageCount: number }

/** What a session list shows without loading every message. */
export type TSessionSummary = {
  id: string
  name: string
  createdAt: number
  updatedAt: number
  messageCount: number
  /** The provider kind the session's next turn goes to (the one it was created or last switched with). */
  providerName: string
  /** The model the session's next turn asks for. */
  model: string
  /** The session whose Agent tool started this one: see `TSessionRecord.parentSessionId`. */
  parentSessionId?: string
  /** The parent's tool call that started this session. */
  parentToolCallId?: string
}

/**
 * Which replay events of a session to read: the latest `count` of them, or the latest `count`
 * before `beforeSeq` when it is given (the page before one already read).
 */
export type TEventWindow = { count: number; beforeSeq?: number }

/**
 * Which committed messages of a session to read: the latest `count` of them, or the latest
 * `count` before `beforeIndex` when it is given (the page before one already read).
 */
export type TMessageWindow = { count: number; beforeIndex?: number }

/** A slice of a session's committed messages, with the session's summary. */
export type TStoredMessageWindow = {
  summary: TSessionSummary
  /** The messages, oldest first. */
  messages: TUniversalMessage[]
  /** Where `messages` starts in the history. */
  firstIndex: number
}

/** A stored record that failed validation: listed instead of crashing the listing. */
export type TCorruptSessionEntry = { id: string; reason: string }

/** Every stored session: valid ones newest `updatedAt` first, corrupt ones apart. */
export type TSessionListing = {
  sessions: TSessionSummary[]
  corrupt: TCorruptSessionEntry[]
}

/**
 * Where sessions and their replay events persist. Every adapter runs the shared contract suite
 * (`describeSessionStore`), so they can replace one another.
 */
export interface ISessionStore {
  /**
   * Writes the record and appends the events in one atomic step: both land or neither does.
   * Appends are idempotent per `(sessionId, seq)`: an event already stored keeps its first copy.
   * New events are chained onto the stored log (`hash = sha256(prevHash + canonical JSON)`), so
   * they must come after it in `seq` order.
   * Rejects with `StorageError` when an event belongs to another session or the record is invalid.
   */
  commit(record: TSessionRecord, events: readonly TExecutionEventEnvelope[]): Promise<void>

  /** The session, or `undefined` when none has that id; a corrupt record throws `StorageError`. */
  loadSession(id: string): Promise<TSessionRecord | undefined>

  /** The session without its messages, read without them; `undefined` when no session has that id; a corrupt head throws `StorageError`. */
  loadSessionHead(id: string): Promise<TSessionHead | undefined>

  /**
   * The session's summary and the committed messages `window` asks for, read without the rest;
   * `undefined` when no session has that id. A corrupt head or message among them throws `StorageError`.
   * @throws ValidationError when `window` is not a whole `count` of at least 1 and an optional whole `beforeIndex` of at least 0.
   */
  loadMessageWindow(id: string, window: TMessageWindow): Promise<TStoredMessageWindow | undefined>

  /** Every session; a corrupt record is reported in `corrupt`, never thrown. */
  listSessions(): Promise<TSessionListing>

  /** The session's replay events ordered by `seq`; empty for an unknown session. */
  loadEvents(sessionId: string): Promise<TExecutionEventEnvelope[]>

  /**
   * The latest events of the session's log that `window` asks for, ordered by `seq`; empty for an
   * unknown session. Unlike `loadEvents`, it reads only those events: each `provider_request` is
   * handed out as the log records it, its `historyRange` (the messages it shares with an earlier
   * request) left unresolved and its `messages` holding what it added.
   * @throws ValidationError when `window` is not a whole `count` of at least 1 and an optional whole `beforeSeq` of at least 0.
   */
  loadEventWindow(sessionId: string, window: TEventWindow): Promise<TExecutionEventEnvelope[]>

  /** The session's hash-chained replay log, ordered by `seq`; `verifyReplayLog` checks it. */
  loadReplayLog(sessionId: string): Promise<TReplayRecord[]>

  /**
   * What the store last wrote to the session's log (record count and last hash), kept apart from
   * the records and updated in the same atomic step as each commit or import; `undefined` for an
   * unknown session. `verifyReplayLog(log, head)`, with the head read first, then tells a log cut
   * at its tail from a whole one.
   */
  loadReplayLogHead(sessionId: string): Promise<TReplayLogHead | undefined>

  /**
   * Stores a session brought in from elsewhere (an imported log) with its records exactly as
   * they were chained. Rejects with `StorageError` when the id is taken or the chain is broken.
   */
  importSession(record: TSessionRecord, records: readonly TReplayRecord[]): Promise<void>

  /**
   * Keeps the latest sandbox snapshot of a session (the plain value `ISandboxClient.snapshot()`
   * returned), replacing the previous one, so a resumed session gets its files back.
   */
  saveSandboxSnapshot(sessionId: string, snapshot: unknown): Promise<void>

  /** The latest sandbox snapshot of a session, or `undefined` when none was saved. */
  loadSandboxSnapshot(sessionId: string): Promise<unknown>

  /** Removes the record, all its events and its sandbox snapshot; deleting an unknown session does nothing. */
  deleteSession(id: string): Promise<void>

  /** Releases connections the store holds. */
  close?(): Promise<void>
}
