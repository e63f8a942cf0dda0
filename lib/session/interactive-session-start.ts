import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import { ConfigurationError, ValidationError } from '../core/errors.ts'
import type { IHistoryEntry } from '../core/history.ts'
import { getProviderSecrets } from '../core/provider-secrets.ts'
import { StreamRedactor } from '../storage/replay-log/stream-redactor.ts'
import type { TSessionRecord } from '../storage/session-store.ts'
import type { TSystemPromptParts } from './context/build-system-prompt.ts'
import { buildSystemPrompt } from './context/build-system-prompt.ts'
import { historyFromEvents } from './history-from-events.ts'
import type { TInteractiveSessionOptions } from './interactive-session-types.ts'
import type { Session } from './session.ts'
import { createSession, loadWorkspaceConfiguration, type TSessionAssemblyParts, type TWorkspaceConfiguration } from './session-assembly.ts'
import { toStoredEvent, type TSessionEvent } from './session-events.ts'
import { closeInterruptedTurn } from './interrupted-turn.ts'
import { SessionPersistence } from './session-persistence.ts'
import { connectSessionMcpServers } from './session-mcp-servers.ts'
import type { McpToolSet } from '../tools/mcp/mcp-tool-set.ts'

/** The model a session uses when neither the caller, a resumed record nor the settings name one. */
export const DEFAULT_SESSION_MODEL = 'claude-sonnet-4-6'

/** The workspace directory when the caller names none. */
export const DEFAULT_WORKSPACE = '/workspace'

/** A started interactive session's parts. */
export type TStartedSession = {
  session: Session
  configuration: TWorkspaceConfiguration | undefined
  persistence: SessionPersistence | undefined
  promptParts: TSystemPromptParts
  /** The stored display history of a resumed session. */
  resumedEntries: IHistoryEntry[]
  name: string
  /** The connected MCP servers, closed with the session. */
  mcp: McpToolSet | undefined
  /** The provider's own secrets (its key) and those its settings named (MCP headers and env values), cut from what leaves the session. */
  secrets: readonly string[]
  /** Lets out the events the redaction holds back while it decides whether a text is a key: call as a run ends. */
  endEventStream(): void
}

/** What the start needs from the interactive session: its id and where redacted events go. */
export type TStartHooks = { sessionId: string; onEvent: (event: TSessionEvent) => void; onBadAnswer?: TSessionAssemblyParts['onBadAnswer'] }

/**
 * Starts an interactive session: loads (resume) or copies (fork) the stored session, with its
 * sandbox snapshot, or creates a new one, reads the workspace configuration, builds the `Session`, records a fork's copied
 * conversation as `history_replaced`, and runs SessionStart hooks, whose context joins the system
 * prompt. Every event is redacted (keys cut across deltas included), then persisted and handed to
 * `hooks.onEvent`.
 */
export async function startInteractiveSession(options: TInteractiveSessionOptions, hooks: TStartHooks): Promise<TStartedSession> {
  const cwd = options.cwd ?? DEFAULT_WORKSPACE
  let persistence: SessionPersistence | undefined
  // The provider's key, and MCP header and env values once the settings are read.
  // A session given ready-made (`options.session`) may come without a provider.
  const secrets: string[] = options.provider ? [...getProviderSecrets(options.provider)] : []
  // Stream-aware, as the agent host's: a key the model writes across deltas is cut from each of
  // them. Built with the first event, once the settings have named their secrets.
  let redactor: StreamRedactor | undefined
  const onEvent = (event: TSessionEvent): void | Promise<void> => {
    redactor ??= new StreamRedactor((redacted) => {
      const written = persistence?.observe(redacted as TSessionEvent)
      hooks.onEvent(redacted as TSessionEvent)
      return written
    }, secrets)
    return redactor.push(toStoredEvent(event))
  }
  const endEventStream = () => redactor?.end()
  if (options.session) {
    options.session.subscribe(onEvent)
    return { session: options.session, configuration: undefined, persistence: undefined, promptParts: {}, resumedEntries: [], name: options.name ?? options.session.sessionId, mcp: undefined, secrets, endEventStream }
  }
  const source = await loadSource(options)
  // The stored files come back before the workspace is read: its settings and AGENTS.md are among them.
  const snapshot = source && options.store ? await restoreSandbox(options, source.id) : undefined
  const configuration = await loadWorkspaceConfiguration(options.sandbox, cwd, {
    ...(options.userSettings === undefined ? {} : { userSettings: options.userSettings }),
    ...(options.env ? { env: options.env } : {}),
    ...(options.userPlugins ? { userPlugins: options.userPlugins } : {})
  })
  const model = options.model ?? source?.model ?? chooseSettingsModel(configuration, options, cwd) ?? DEFAULT_SESSION_MODEL
  const resuming = source !== undefined && options.forkSession !== true
  const now = Date.now()
  const record: TSessionRecord = resuming
    ? source
    : {
        id: hooks.sessionId,
        name: options.name?.trim() || (source ? `${source.name} (fork)` : 'New session'),
        createdAt: now,
        updatedAt: now,
        model,
        providerName: options.provider.name,
        messages: [],
        nextEventSeq: 0
      }
  if (options.store) {
    const sandbox = options.sandbox
    persistence = new SessionPersistence(options.store, record, sandbox?.snapshot ? { snapshotSandbox: () => takeSnapshot(sandbox), snapshotOncePerTurn: sandbox.snapshotCost === 'billed' } : {})
    if (!resuming) await persistence.start()
    // A fork's workspace starts as a copy of its source's.
    if (!resuming && snapshot !== undefined) await options.store.saveSandboxSnapshot(record.id, snapshot)
  }
  const mcp = await connectSessionMcpServers(configuration.settings, options.mcpServers)
  if (mcp) {
    secrets.push(...mcp.getSecrets())
    configuration.problems.push(...mcp.getProblems().map((problem) => ({ file: `mcpServers.${problem.server}`, message: problem.message })))
  }
  try {
    const { session, promptParts } = createSession({
      ...(mcp ? { mcp } : {}),
      options,
      configuration,
      cwd,
      sessionId: record.id,
      name: record.name,
      model,
      history: resuming ? record.messages : [],
      firstEventSeq: resuming ? record.nextEventSeq : 0,
      onEvent,
      onSubagentEvent: hooks.onEvent,
      secrets,
      onBadAnswer: hooks.onBadAnswer
    })
    if (source && !resuming) await session.replaceHistory(source.messages, { reason: 'fork', fromSessionId: source.id })
    const resumedEntries = resuming && options.store ? historyFromEvents(await options.store.loadEvents(record.id), record.messages) : []
    const started = await session.runHooks('SessionStart', { source: resuming ? 'resume' : source ? 'fork' : 'startup' })
    if (started.additionalContext.length > 0) {
      promptParts.additionalContext = started.additionalContext
      session.setSystemMessage(buildSystemPrompt(promptParts))
    }
    await persistence?.flush(session.getNextEventSeq())
    return { session, configuration, persistence, promptParts, resumedEntries, name: record.name, mcp, secrets, endEventStream }
  } catch (error) {
    // A session that fails to start (a SessionStart hook, a store write) does not keep its servers.
    await mcp?.close()
    throw error
  }
}

/**
 * The model the settings ask for: `provider.model`, else `model`. The session was handed a built
 * provider, so settings naming another one (`provider.name`) are refused rather than ignored;
 * `provider.apiKey` and `baseURL` are for whoever builds the provider (the agent host does).
 */
function chooseSettingsModel(configuration: TWorkspaceConfiguration, options: TInteractiveSessionOptions, cwd: string): string | undefined {
  const { provider, model } = configuration.settings
  if (provider?.name !== undefined && provider.name !== options.provider.name) {
    throw new ConfigurationError(
      `The settings in ${cwd} ask for the provider "${provider.name}", but this session was given "${options.provider.name}": pass that provider to InteractiveSession, or remove provider.name from the settings.`,
      { details: { settingsProvider: provider.name, sessionProvider: options.provider.name } }
    )
  }
  return provider?.model ?? model
}

/** Restores the sandbox snapshot stored for `sessionId`, if there is one and the sandbox can; returns it. */
async function restoreSandbox(options: TInteractiveSessionOptions, sessionId: string): Promise<unknown> {
  const { sandbox, store } = options
  if (!sandbox?.restore || !store) return undefined
  const snapshot = await store.loadSandboxSnapshot(sessionId)
  if (snapshot !== undefined) await sandbox.restore(snapshot)
  return snapshot
}

/** Stores the sandbox's snapshot as the session's, when there is a store and the sandbox can take one. */
export async function saveSandboxSnapshot(options: TInteractiveSessionOptions, sessionId: string): Promise<void> {
  const { sandbox, store } = options
  if (sandbox?.snapshot && store) await store.saveSandboxSnapshot(sessionId, await takeSnapshot(sandbox))
}

function takeSnapshot(sandbox: ISandboxClient): Promise<unknown> {
  return (sandbox.snapshot as () => Promise<unknown>).call(sandbox)
}

/** The stored session to resume or fork, if asked for; a missing one is an error. */
async function loadSource(options: TInteractiveSessionOptions): Promise<TSessionRecord | undefined> {
  const { resumeSessionId: id, store } = options
  if (id === undefined) return undefined
  if (!store) throw new ValidationError('resumeSessionId needs a store to load the session from.')
  // A turn its last driver never finished (a killed process) is closed off before the session
  // goes on, so its history goes back to a provider whole. A fork only reads its source.
  if (options.forkSession !== true) await closeInterruptedTurn(store, id)
  const record = await store.loadSession(id)
  if (!record) throw new ValidationError(`No stored session with id "${id}" to resume.`)
  return record
}
