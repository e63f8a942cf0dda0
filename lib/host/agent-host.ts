import type { IExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { TRunError } from '../core/run-error.ts'
import type { TSandboxDirEntry } from '../../sandbox/sandbox-client.ts'
import type { TReplayVerification } from '../storage/replay-log/hash-chain.ts'
import type { TReplayRerunReport } from '../session/replay-rerun.ts'
import type { TSessionListing, TSessionSummary } from '../storage/session-store.ts'
import type { TPermissionMode } from '../permissions/index.ts'
import type { TPermissionAnswer, TPermissionRequest } from '../session/permission-enforcer-types.ts'
import type { ICommand } from '../session/commands/command-types.ts'
import type { TCompactionOutcome, TCompactionTrigger } from '../session/compaction/compaction-types.ts'

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
}

/** Options for a new session. */
export type TCreateSessionOptions = { name?: string; provider?: TProviderChoice }

/** What applying a workspace manifest did, entry by entry. */
export type TManifestApplication = {
  entries: Array<{ path: string; type: string; status: 'applied' | 'unsupported' | 'failed'; message?: string }>
  /** Present when `abort` stopped the hydration; the entries it stopped are `failed`. */
  aborted?: true
}

/** Everything the page needs to show a stored session. */
export type TSessionView = {
  summary: TSessionSummary
  messages: TUniversalMessage[]
  events: IExecutionEventEnvelope[]
  /** True while a turn of this session is running. */
  running: boolean
  /** True when another tab drives this session: this host follows its events and refuses turns. */
  readOnly?: boolean
}

/**
 * How a submitted turn ended. `error` says why the model's call failed (its code, class name,
 * HTTP status…), as plain data; the conversation keeps the failure notice either way.
 */
export type TTurnResult = { response: string; interrupted: boolean; toolsExecuted: string[]; error?: TRunError }

/** What a slash command did, as plain data: words for people, and command-specific data. */
export type TCommandOutcome = {
  /** The command's name without the slash (`help`, a skill's name). */
  command: string
  success: boolean
  message: string
  /** Set when the command was a skill: it ran as a turn, whose messages are in the conversation. */
  skill?: boolean
  data?: Record<string, unknown>
}

/** Where a session's tools run, as plain data that can cross a worker boundary. */
export type TSandboxChoice =
  | { kind: 'in-memory' }
  | {
      kind: 'e2b'
      /** Kept in memory only: never persisted, logged or put in a replay event. */
      apiKey: string
      /** The E2B template to start from; E2B's base template when left out. */
      template?: string
      apiUrl?: string
      sandboxUrl?: string
    }

/** What switching a session's sandbox did with the workspace files. */
export type TSandboxSwitch = {
  kind: TSandboxChoice['kind']
  /** How many workspace files were copied into the new sandbox. */
  filesCopied: number
  /** Set when the files were not (all) carried over, saying why. */
  filesNotCopied?: string
}

/** Host-level events, delivered in order and in batches. */
export type THostEvent =
  /** A replay event of a running turn, exactly as it is persisted. */
  | { kind: 'replay'; event: IExecutionEventEnvelope }
  /** A turn started for `sessionId`. */
  | { kind: 'turn_started'; sessionId: string; prompt: string }
  /** A turn ended; its messages are committed to the store. */
  | { kind: 'turn_finished'; sessionId: string; result: TTurnResult }
  /** A turn failed outside the loop (storage, say); `code` is the error's code. */
  | { kind: 'turn_failed'; sessionId: string; message: string; code: string }
  /** A tool call waits for the user's approval; answer with `answerPermission`. */
  | { kind: 'permission_request'; sessionId: string; requestId: string; request: TPermissionRequest }
  /** The session's sandbox is being prepared (loading the shell, restoring files); `done` when ready. */
  | { kind: 'sandbox_status'; sessionId: string; status: 'loading' | 'ready' | 'failed'; message?: string }
  /** A permission prompt was answered (by a user, or deny on abort). */
  | { kind: 'permission_settled'; sessionId: string; requestId: string; answer: TPermissionAnswer }
  /**
   * A turn stopped without finishing because whatever ran it went away: its worker died
   * (`worker_restarted`) or the tab driving it closed (`driver_lost`). Committed messages are
   * kept; unanswered tool calls got interrupted results, so the stored history stays valid.
   */
  | { kind: 'turn_interrupted'; sessionId: string; reason: 'worker_restarted' | 'driver_lost' }
  /** This host's access to an open session changed: another tab drives it, or this one took over. */
  | { kind: 'session_access'; sessionId: string; readOnly: boolean }
  /** The conversation is being summarized (`/compact`, or automatically before a turn when the window is nearly full). */
  | { kind: 'compaction_started'; sessionId: string; trigger: TCompactionTrigger }
  /** A compaction ended: the history was replaced by a summary, or left as it was and why. */
  | { kind: 'compaction_finished'; sessionId: string; outcome: TCompactionOutcome }
  /** A compaction failed (the model's summary call failed, say); the history is unchanged. */
  | { kind: 'compaction_failed'; sessionId: string; trigger: TCompactionTrigger; message: string }
  /** A slash command ran (`executeCommand`). */
  | { kind: 'command_finished'; sessionId: string; outcome: TCommandOutcome }
  /** The session's sandbox was switched (`setSandbox`). */
  | { kind: 'sandbox_switched'; sessionId: string; result: TSandboxSwitch }

/** Receives host events, several at a time, in order. */
export type THostEventListener = (events: THostEvent[]) => void | Promise<void>

/**
 * The agent host: sessions, turns and their events behind one interface that runs in-thread
 * (Node, tests) and, unchanged, inside a Web Worker.
 */
export interface IAgentHost {
  /** Creates and persists an empty session. */
  createSession(options?: TCreateSessionOptions): Promise<TSessionSummary>
  /** Lists stored sessions, newest first; corrupt records are reported, not thrown. */
  listSessions(): Promise<TSessionListing>
  /** Renames a session. */
  renameSession(sessionId: string, name: string): Promise<TSessionSummary>
  /** Deletes a session, its replay log and its sandbox snapshot; a running turn is aborted first. */
  deleteSession(sessionId: string): Promise<void>
  /** Copies a session's conversation and workspace under a new id. */
  forkSession(sessionId: string, options?: { name?: string }): Promise<TSessionSummary>
  /** Switches the model a session talks to; a key stays in memory only. */
  setProvider(sessionId: string, provider: TProviderChoice): Promise<TSessionSummary>
  /** Loads a session's committed messages and replay events. */
  openSession(sessionId: string): Promise<TSessionView>
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
  /** Runs one turn; resolves when it ends, with every message committed. */
  submit(sessionId: string, prompt: string): Promise<TTurnResult>
  /** Aborts the session's running turn or hydration, if any; a waiting permission prompt is answered deny. */
  abort(sessionId: string): Promise<void>
  /** Answers a `permission_request` event. */
  answerPermission(sessionId: string, requestId: string, answer: TPermissionAnswer): Promise<void>
  /** Switches the session's permission mode, also while a turn runs. */
  setPermissionMode(sessionId: string, mode: TPermissionMode): Promise<void>
  /** Lists a directory of the session's sandbox. */
  listFiles(sessionId: string, path: string): Promise<TSandboxDirEntry[]>
  /** Reads a text file of the session's sandbox. */
  readFile(sessionId: string, path: string): Promise<string>
  /** Writes a file into the session's sandbox (an upload, say). */
  writeFile(sessionId: string, path: string, content: string | Uint8Array): Promise<void>
  /** Validates and applies a workspace manifest to the session's sandbox. */
  applyManifest(sessionId: string, manifest: unknown): Promise<TManifestApplication>
  /** The session's replay log as JSONL (header line, then one hash-chained record per line). */
  exportReplay(sessionId: string): Promise<string>
  /** Verifies and stores an exported log as a session; refuses a tampered, truncated or foreign file. */
  importReplay(jsonl: string): Promise<TSessionSummary>
  /** Checks the stored log's hash chain end to end. */
  verifyReplay(sessionId: string): Promise<TReplayVerification>
  /** Re-runs the stored session offline with its recorded model answers in a fresh sandbox; reports whether it matches. */
  rerunReplay(sessionId: string): Promise<TReplayRerunReport>
  /** The session's slash commands: built-in ones, then skills read from its sandbox's workspace. */
  listCommands(sessionId: string): Promise<ICommand[]>
  /**
   * Runs one slash command line such as `/compact keep test names` or `/review src`. An unknown
   * command is a failed outcome naming it; a skill runs as a turn of the session.
   */
  executeCommand(sessionId: string, line: string): Promise<TCommandOutcome>
  /**
   * Moves the session to another sandbox (in-memory or E2B), built where the host runs, copying
   * the workspace files; an E2B key stays in memory only.
   */
  setSandbox(sessionId: string, choice: TSandboxChoice): Promise<TSandboxSwitch>
  /** Starts delivering events to `listener`; returns an id for `unsubscribe`. */
  subscribe(listener: THostEventListener): Promise<number>
  /** Stops a subscription. */
  unsubscribe(subscriptionId: number): Promise<void>
}
