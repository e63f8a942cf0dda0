import type { IAIProvider } from '../core/provider.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import { isRobotaError, StructuredOutputError, type RobotaError } from '../core/errors.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TOutputSchema } from '../core/output-schema.ts'
import { redactSecrets, redactSecretText } from '../storage/replay-log/redact-secrets.ts'
import type { ISessionStore, TSessionRecord } from '../storage/session-store.ts'
import type { THostEvent, TTurnResult } from './agent-host.ts'
import type { TCompactionOutcome } from '../session/compaction/compaction-types.ts'
import { buildSystemPrompt, type TSystemPromptParts } from '../session/context/build-system-prompt.ts'
import type { TInteractiveSessionOptions } from '../session/interactive-session-types.ts'
import type { Session } from '../session/session.ts'
import { createSession, type TWorkspaceConfiguration } from '../session/session-assembly.ts'
import { toStoredEvent, type TSessionEvent } from '../session/session-events.ts'
import type { TSubagentRunWatcher } from '../session/subagents/subagent-run-watch.ts'
import { SessionPersistence } from '../session/session-persistence.ts'
import { LastStoredRequest } from '../storage/replay-log/last-stored-request.ts'
import type { TCompactionNotice } from '../session/session-types.ts'
import { StreamRedactor } from '../storage/replay-log/stream-redactor.ts'
import type { McpToolSet, TMcpServerStatus } from '../tools/mcp/mcp-tool-set.ts'
import { turnFailedEvent } from './turn-failed-event.ts'

/** The session options a host gives every session it holds; provider, sandbox and store are the session's own. */
export type THostedSessionOptions = Omit<TInteractiveSessionOptions, 'provider' | 'sandbox' | 'store' | 'resumeSessionId' | 'forkSession' | 'session' | 'onReplayEvent' | 'cwd'>

/** What a hosted session is built from. */
export type THostedSessionParts = {
  /** The session as stored when it was opened. */
  record: TSessionRecord
  store: ISessionStore
  sandbox: ISandboxClient
  provider: IAIProvider
  /** Read from the sandbox once, when the session is opened. */
  configuration: TWorkspaceConfiguration
  options: THostedSessionOptions
  workspaceRoot: string
  /** A response language chosen with `/language`, beating the settings' one. */
  language?: string
  /** Secrets the host knows (the provider key, say), searched for in every event besides key shapes. */
  secrets: readonly string[]
  /** Batched delivery (replay events); `publishNow` for notices the page must see at once. */
  publish: (event: THostEvent) => void
  publishNow: (event: THostEvent) => void
  /** Delivers the events published so far; awaited before each storage write. */
  flushEvents: () => Promise<void>
  /** The session's connected MCP servers, closed by `dispose`. */
  mcp?: McpToolSet
  /** Told as each subagent run of the session starts and ends. */
  watchSubagentRun: TSubagentRunWatcher
}

/**
 * One session a host holds open: the SDK's own `Session`, assembled exactly as an
 * `InteractiveSession` assembles it (settings layers, AGENTS.md/CLAUDE.md, skills, hooks,
 * subagents, compaction, language) over the session's sandbox. Every event it records (turns,
 * hooks, compactions, history resets) is redacted (keys streamed across deltas included),
 * published to the page and persisted with the record; the sandbox snapshot is stored before
 * each round's tool results and after each turn, so a resumed session gets its files back.
 */
export class HostedSession {
  readonly session: Session
  readonly sandbox: ISandboxClient
  readonly configuration: TWorkspaceConfiguration
  private readonly promptParts: TSystemPromptParts
  private persistence: SessionPersistence
  private readonly redactor: StreamRedactor
  private turn: Promise<unknown> | undefined
  // Outlives the persistence of each turn: a turn's first request names the history the last one sent.
  private readonly lastStoredRequest = new LastStoredRequest()

  private constructor(private readonly parts: THostedSessionParts) {
    const { record, sandbox } = parts
    this.sandbox = sandbox
    this.configuration = parts.configuration
    this.persistence = this.persistenceFor(record)
    this.redactor = new StreamRedactor((event) => {
      const written = this.persistence.observe(event as TSessionEvent)
      // A reply's first text is what the user waits for: it leaves at once, later text in batches.
      if (event.type === 'provider_stream_raw_delta' && event.data.sequence === 0) parts.publishNow({ kind: 'replay', event })
      else parts.publish({ kind: 'replay', event })
      // A history reset is awaited before the session goes on.
      return written
    }, parts.secrets)
    const { session, promptParts } = createSession({
      options: { ...parts.options, provider: parts.provider, sandbox, store: parts.store, cwd: parts.workspaceRoot },
      configuration: parts.configuration,
      cwd: parts.workspaceRoot,
      sessionId: record.id,
      name: record.name,
      model: record.model,
      history: record.messages,
      firstEventSeq: record.nextEventSeq,
      onEvent: (event) => this.observe(event),
      // A subagent's log is stored under its own id; its events reach a page that has the run
      // open as they happen, redacted as they are stored.
      onSubagentEvent: (event) => parts.publish({ kind: 'replay', event: toStoredEvent(event) }),
      watchSubagentRun: parts.watchSubagentRun,
      secrets: parts.secrets,
      onCompaction: (notice) => this.announceCompaction(notice),
      ...(parts.mcp ? { mcp: parts.mcp } : {})
    })
    if (parts.language) promptParts.language = parts.language
    session.setSystemMessage(buildSystemPrompt(promptParts))
    this.session = session
    this.promptParts = promptParts
  }

  /**
   * Assembles the session and, when asked (an open, not a rebuild over the same workspace), runs its SessionStart hooks (source `startup` for a session that
   * never ran, `resume` otherwise), whose context joins the system prompt; their events are stored.
   */
  static async start(parts: THostedSessionParts, options: { sessionStart: boolean }): Promise<HostedSession> {
    const hosted = new HostedSession(parts)
    if (options.sessionStart) {
      const fresh = parts.record.nextEventSeq === 0
      const started = await hosted.session.runHooks('SessionStart', { source: fresh ? 'startup' : 'resume' })
      if (started.additionalContext.length > 0) {
        hosted.promptParts.additionalContext = started.additionalContext
        hosted.session.setSystemMessage(buildSystemPrompt(hosted.promptParts))
      }
      await hosted.store()
    }
    hosted.announceContext()
    return hosted
  }

  /**
   * Closes the session's MCP connections once a running turn (a provider switch rebuilds a busy
   * session) has ended; the sandbox is disposed by whoever made it.
   */
  async dispose(): Promise<void> {
    await this.turn?.catch(() => undefined)
    await this.parts.mcp?.close()
  }

  /** The MCP servers this assembly connected to, or failed to, with secrets kept out of the reasons. */
  mcpServers(): TMcpServerStatus[] {
    const { mcp, secrets } = this.parts
    return (mcp?.getServerStatuses() ?? []).map((server) => (server.status === 'failed' ? { ...server, error: redactSecretText(server.error, secrets) } : server))
  }

  /** The response language the system prompt asks for now. */
  get language(): string | undefined {
    return this.promptParts.language
  }

  /** Sets the response language from the next prompt on. */
  setLanguage(language: string): void {
    this.promptParts.language = language.trim()
    this.session.setSystemMessage(buildSystemPrompt(this.promptParts))
    this.announceContext()
  }

  /**
   * Runs one prompt of the session, from the stored `record`:
   * UserPromptSubmit hooks, auto-compaction, the agent loop and Stop hooks, as the SDK's session
   * runs them. Resolves once everything it recorded is stored.
   */
  async runTurn(record: TSessionRecord, prompt: string, signal: AbortSignal, output?: TOutputSchema): Promise<TTurnResult> {
    const { parts } = this
    const sessionId = record.id
    this.persistence = this.persistenceFor(record)
    // Every subscriber (other tabs too) hears it: a key in the prompt is cut as the stored message has it.
    parts.publish({ kind: 'turn_started', sessionId, prompt: redactSecretText(prompt, parts.secrets) })
    try {
      const running = this.session.run(prompt, output ? { signal, output } : { signal })
      this.turn = running
      const result = await running
      await this.storeTurn(sessionId)
      // The response leaves the run like the events do: as the stored, redacted message says it.
      const turn: TTurnResult = {
        response: redactSecretText(result.response, parts.secrets),
        interrupted: result.interrupted === true,
        toolsExecuted: result.toolsExecuted,
        ...(result.error ? { error: { ...result.error, message: redactSecretText(result.error.message, parts.secrets) } } : {}),
        ...(result.output === undefined ? {} : { output: redactSecrets(result.output, parts.secrets) })
      }
      parts.publish({ kind: 'turn_finished', sessionId, result: turn })
      return turn
    } catch (error) {
      const refusedOutput = isRobotaError(error) && error.code === 'STRUCTURED_OUTPUT_INVALID'
      // A refused answer ends a whole turn (both replies are committed): it is stored like one.
      if (refusedOutput) await this.storeTurn(sessionId)
      else this.redactor.end()
      parts.publish(turnFailedEvent(sessionId, error, parts.secrets))
      throw refusedOutput ? withoutSecrets(error, parts.secrets) : error
    }
  }

  /** Stores what the turn recorded, then the sandbox as the turn left it. */
  private async storeTurn(sessionId: string): Promise<void> {
    await this.store()
    if (this.sandbox.snapshot) await this.parts.store.saveSandboxSnapshot(sessionId, await this.sandbox.snapshot())
  }

  /** The messages this session's writes have committed, as its next turn continues them. */
  committedMessages(): TSessionRecord['messages'] {
    return this.persistence.record.messages
  }

  /** The events this session published and has not stored yet, oldest first (a turn's round in flight). */
  unstoredEvents(): TExecutionEventEnvelope[] {
    return this.persistence.unstoredEvents()
  }

  /** Renames the stored session at once; the writes of a turn in flight keep the new name. */
  rename(name: string): Promise<void> {
    return this.persistence.amend({ name })
  }

  /** Summarizes the conversation (`/compact`); what it recorded is stored even when it fails. */
  async compact(record: TSessionRecord, instructions: string | undefined, signal: AbortSignal): Promise<TCompactionOutcome> {
    this.persistence = this.persistenceFor(record)
    try {
      return await this.session.compact(instructions, { trigger: 'manual', signal })
    } finally {
      await this.store()
    }
  }

  /** Empties the conversation (`/clear`), recorded as `history_replaced`. */
  async clearHistory(record: TSessionRecord): Promise<void> {
    this.persistence = this.persistenceFor(record)
    await this.session.clearHistory()
    await this.store()
  }

  /** Writes every event recorded so far with the record. */
  private async store(): Promise<void> {
    this.redactor.end()
    await this.persistence.flush(this.session.getNextEventSeq())
  }

  /** Tells the page how full the context window is: the session's own figure, the one `/context` shows. */
  announceContext(): void {
    this.parts.publish({ kind: 'context_update', sessionId: this.session.sessionId, context: this.session.getContextState() })
  }

  private observe(event: TSessionEvent): void | Promise<void> {
    const written = this.redactor.push(toStoredEvent(event))
    // An answer brings the usage its provider measured; a compaction or a clear is announced once its history is in place.
    if (event.type === 'assistant_message_committed') this.announceContext()
    return written
  }

  private persistenceFor(record: TSessionRecord): SessionPersistence {
    // The provider and model are the ones this session was assembled with (the workspace settings may have chosen them).
    const { providerName, model } = this.parts.record
    // Renames of an open session go through `rename`: the name this session knows is the newest.
    const name = this.persistence?.record.name ?? record.name
    return new SessionPersistence(this.parts.store, { ...record, name, providerName, model }, {
      beforeWrite: this.parts.flushEvents,
      ...(this.parts.sandbox.snapshot ? { snapshotSandbox: () => (this.parts.sandbox.snapshot as () => Promise<unknown>).call(this.parts.sandbox) } : {}),
      snapshotOncePerTurn: this.parts.sandbox.snapshotCost === 'billed',
      lastStoredRequest: this.lastStoredRequest
    })
  }

  private announceCompaction(notice: TCompactionNotice): void {
    const sessionId = this.session.sessionId
    const { publishNow } = this.parts
    if (notice.phase === 'started') publishNow({ kind: 'compaction_started', sessionId, trigger: notice.trigger })
    else if (notice.phase === 'finished') {
      // Sent once the summary has replaced the history: the figure is the compacted one.
      this.announceContext()
      publishNow({ kind: 'compaction_finished', sessionId, outcome: notice.outcome })
    } else publishNow({ kind: 'compaction_failed', sessionId, trigger: notice.trigger, message: redactSecretText(notice.message, this.parts.secrets) })
  }
}

// The raw reply leaves the run like the response does: without the session's secrets.
function withoutSecrets(error: RobotaError, secrets: readonly string[]): StructuredOutputError {
  return new StructuredOutputError(redactSecretText(error.message, secrets), { details: redactSecrets({ ...error.details }, secrets) })
}
