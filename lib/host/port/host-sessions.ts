import type { IContextWindowState } from '../../core/context/estimation.ts'
import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import type { TUniversalMessage } from '../../core/messages.ts'
import type { TPermissionRequest } from '../../session/permission-enforcer-types.ts'
import type { TSessionListing, TSessionSummary } from '../../storage/session-store.ts'

/** Which model a session talks to, as plain data that can cross a worker boundary. */
export type TProviderChoice = {
  /** Provider kind, such as `offline-demo`. */
  kind: string
  model: string
  baseURL?: string
  /** Kept in memory only: never persisted, logged or put in a replay event. */
  apiKey?: string
  /** How long a model call may stream nothing before it fails (`Robota`'s `timeout`); none when left out. */
  idleTimeoutMs?: number
  /**
   * How often the provider's SDK retries a failed request (429, 5xx), 0 for never; the provider
   * factory's own default when left out. The workspace settings' `provider.maxRetries` sets it.
   */
  maxRetries?: number
  /**
   * Marks the stable start of each request (system prompt, tool list) cacheable where the API
   * asks for it (Anthropic's `cache_control`); OpenAI and Gemini cache on their own.
   */
  promptCaching?: boolean
  /** Lets the model reason before it answers; each provider maps the budget to its own setting. */
  thinking?: TThinkingChoice
  /**
   * Lets the model search the web on the provider's own servers (Anthropic's `web_search` tool,
   * OpenAI's Responses `web_search`); a provider without it refuses the choice.
   */
  webSearch?: boolean
}

/** How much the model may reason before answering: a token budget, mapped per provider. */
export type TThinkingChoice = {
  /** Most tokens of reasoning per reply; at least 1024 (Anthropic's smallest budget). */
  budgetTokens: number
}

/** Options for a new session. */
export type TCreateSessionOptions = { name?: string; provider?: TProviderChoice }

/** Everything the page needs to show a stored session. */
export type TSessionView = {
  summary: TSessionSummary
  /** The committed messages from `firstMessageIndex` on: all of them unless the open asked for the latest only. */
  messages: TUniversalMessage[]
  /** Where `messages` starts in the history; 0 (or absent) when they are all there. */
  firstMessageIndex?: number
  /**
   * The replay events: all of them, or the latest when the open asked for `latestEvents`. Those
   * are read as the log records them: a `provider_request` whose history an earlier request
   * carried names it in `historyRange`, and its `messages` hold only the rest. While a turn runs,
   * the events it has published and not stored yet follow, as its live events carried them, and
   * the view's `messages` hold what those events commit.
   */
  events: TExecutionEventEnvelope[]
  /** True when the session has events before `events` that this view left out (`loadEarlierEvents` pages them in). */
  earlierEvents?: boolean
  /** True while a turn of this session is running. */
  running: boolean
  /**
   * The running turn's permission prompts still waiting for an answer, oldest first; absent when
   * none. A page that opens the session while its turn waits shows them, and answers them with
   * `answerPermission`.
   */
  pendingPermissions?: TPendingPermission[]
  /** True when another tab drives this session: this host follows its events and refuses turns. */
  readOnly?: boolean
}

/**
 * How full a session's context window is, as its engine measures it: `/context`'s figure, the one
 * auto-compaction acts on, against the window of the model the session talks to.
 */
export type TSessionContextState = IContextWindowState

/** A permission prompt waiting for an answer: the id `answerPermission` takes, and what is asked. */
export type TPendingPermission = { requestId: string; request: TPermissionRequest }

/** How to open a session. */
export type TOpenSessionOptions = {
  /**
   * Shows the latest messages only: at most this many, starting at a user message where one is among them:
   * a long session opens fast, and `loadEarlierMessages` pages in the rest when asked.
   */
  latestMessages?: number
  /**
   * Reads the latest replay events only: at most this many, starting at a turn's first event where
   * one is among them. A long session's log then opens without reading it whole, and
   * `loadEarlierEvents` pages in the rest when asked.
   */
  latestEvents?: number
}

/** Replay events of a session read a page at a time, as the log records them (see `TSessionView.events`). */
export type TEventPage = {
  /** The events, oldest first. */
  events: TExecutionEventEnvelope[]
  /** True when the session has events before these. */
  earlierEvents: boolean
}

/** Committed messages of a session read a page at a time. */
export type TMessagePage = {
  /** The messages, oldest first. */
  messages: TUniversalMessage[]
  /** Where `messages` starts in the history: 0 once the first message is reached. */
  firstIndex: number
}

/** Stored sessions: create, list, open and close, rename, fork, delete, and the model each talks to. */
export interface IHostSessions {
  /** Creates and persists an empty session; a provider of a kind the host does not build is refused before anything is stored. */
  createSession(options?: TCreateSessionOptions): Promise<TSessionSummary>
  /** Lists stored sessions, newest first; corrupt records are reported, not thrown. */
  listSessions(): Promise<TSessionListing>
  /** Renames a session. */
  renameSession(sessionId: string, name: string): Promise<TSessionSummary>
  /** Deletes a session, its replay log and its sandbox snapshot; a running turn or command is aborted first, and the session deleted once it has ended, so nothing it stores brings the session back. Its subagent runs (sessions whose `parentSessionId` is it) are deleted with it. */
  deleteSession(sessionId: string): Promise<void>
  /** Copies a session's conversation and workspace under a new id. */
  forkSession(sessionId: string, options?: { name?: string }): Promise<TSessionSummary>
  /** Switches the model a session talks to; a key stays in memory only. */
  setProvider(sessionId: string, provider: TProviderChoice): Promise<TSessionSummary>
  /** Loads a session's committed messages and replay events: all of them, or the latest when `options` says. */
  openSession(sessionId: string, options?: TOpenSessionOptions): Promise<TSessionView>
  /**
   * The committed messages just before `beforeIndex`, at most `count` of them, oldest first: the
   * page of a conversation opened with its latest messages only that comes before it.
   */
  loadEarlierMessages(sessionId: string, beforeIndex: number, count: number): Promise<TMessagePage>
  /**
   * The replay events just before `beforeSeq`, at most `count` of them (starting at a turn's first
   * event where one is among them), oldest first: the page of a log opened with its latest events
   * only that comes before it.
   */
  loadEarlierEvents(sessionId: string, beforeSeq: number, count: number): Promise<TEventPage>
  /**
   * Says the page no longer shows a session: the host may free its live sandbox and, in a
   * browser, let another tab drive it. The stored session is untouched; a running turn goes on.
   */
  closeSession(sessionId: string): Promise<void>
  /**
   * Makes this host drive an open session another tab drives: that tab stops its running turn
   * (committed messages are kept), hands the session over and follows it from then on. Resolves
   * once this host drives it; a host that always drives its sessions resolves at once.
   */
  takeOver(sessionId: string): Promise<void>
}
