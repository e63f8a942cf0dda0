import { createId } from '../core/create-id.ts'
import { ConfigurationError, ValidationError } from '../core/errors.ts'
import type { IAIProvider } from '../core/provider.ts'
import type { THooksConfig } from '../hooks/index.ts'
import type { IPermissionLists, TPermissionMode } from '../permissions/index.ts'
import type { ISandboxClient, TSandboxDirEntry } from '../../sandbox/sandbox-client.ts'
import { verifyReplayLog, type TReplayVerification } from '../storage/replay-log/hash-chain.ts'
import { exportReplayLogJsonl, importReplayLogJsonl } from '../storage/replay-log/replay-jsonl.ts'
import type { ISessionStore, TSessionListing, TSessionRecord, TSessionSummary } from '../storage/session-store.ts'
import type { ICommand } from './commands/command-types.ts'
import type {
  IAgentHost,
  TCommandOutcome,
  TCreateSessionOptions,
  THostEvent,
  THostEventListener,
  TManifestApplication,
  TProviderChoice,
  TSandboxChoice,
  TSandboxSwitch,
  TSessionView,
  TTurnResult
} from './agent-host.ts'
import { EventBatcher } from './event-batcher.ts'
import { HostSessionCommands } from './host-session-commands.ts'
import { toImportedSessionRecord } from './imported-session.ts'
import { createLiveSession, type TLiveSession, type TLiveSessionParts } from './live-session.ts'
import { PermissionBroker } from './permission-broker.ts'
import type { TPermissionAnswer } from './permission-enforcer-types.ts'
import { rerunReplay, type TReplayRerunReport } from './replay-rerun.ts'
import { runTurn } from './run-turn.ts'
import { SessionAgents } from './session-agents.ts'
import { switchSessionSandbox } from './host-sandbox-switch.ts'
import { SessionSandboxes, validateSandboxChoice } from './session-sandboxes.ts'

/** What the host is built from; concrete adapters are chosen by whoever assembles it. */
export type TLocalAgentHostOptions = {
  store: ISessionStore
  /** Makes the sandbox a session works in (seeded with its workspace). */
  createSandbox: (sessionId: string) => ISandboxClient | Promise<ISandboxClient>
  /** Makes a sandbox of another kind (E2B, say) for `setSandbox`; without it only the default kind is offered. */
  createSandboxFromChoice?: (sessionId: string, choice: TSandboxChoice) => Promise<ISandboxClient>
  /** Share of the model's window at which a session is compacted before its next turn, or `false` for never. */
  autoCompactThreshold?: number | false
  /** Builds a provider from a plain-data choice. */
  createProvider: (choice: TProviderChoice) => IAIProvider | Promise<IAIProvider>
  /** Provider used when a session names none. */
  defaultProvider: TProviderChoice
  systemMessage?: string
  /** How often batched events are delivered, in milliseconds. */
  eventIntervalMs?: number
  /** Permission mode new live sessions start in. Defaults to `default`: edits and commands ask. */
  permissionMode?: TPermissionMode
  /** Allow and deny patterns for every session. */
  permissions?: IPermissionLists
  /** Lifecycle hooks; `command` hooks run in the session's sandbox. */
  hooks?: THooksConfig
  /** The workspace directory tools and patterns resolve paths against. Defaults to `/workspace`. */
  workspaceRoot?: string
  /** Applies a workspace manifest to a sandbox; without it `applyManifest` is refused. */
  applyManifest?: (sandbox: ISandboxClient, manifest: unknown) => Promise<TManifestApplication>
}

const DEFAULT_SYSTEM_MESSAGE =
  'You are Robota, a coding agent working in a sandboxed workspace. Use the tools to inspect and ' +
  'change files before answering, and answer concisely.'

/** The agent host running in the current thread: in Node, in tests, or inside the worker. */
export class LocalAgentHost implements IAgentHost {
  private readonly live = new Map<string, Promise<TLiveSession>>()
  private readonly running = new Map<string, AbortController>()
  private readonly agents: SessionAgents
  private readonly sandboxes: SessionSandboxes
  private readonly commands: HostSessionCommands
  private readonly listeners = new Map<number, THostEventListener>()
  private readonly batcher: EventBatcher<THostEvent>
  private readonly permissions: PermissionBroker
  private nextSubscriptionId = 1

  constructor(private readonly options: TLocalAgentHostOptions) {
    this.batcher = new EventBatcher((events) => this.deliver(events), options.eventIntervalMs)
    this.permissions = new PermissionBroker((event) => this.publishNow(event))
    this.agents = new SessionAgents({
      createProvider: options.createProvider,
      defaultProvider: options.defaultProvider,
      systemMessage: options.systemMessage ?? DEFAULT_SYSTEM_MESSAGE,
      workspaceRoot: this.workspaceRoot()
    })
    this.commands = new HostSessionCommands({
      store: options.store,
      agents: this.agents,
      workspaceRoot: this.workspaceRoot(),
      autoCompactThreshold: options.autoCompactThreshold,
      loadRecord: (sessionId) => this.loadRecord(sessionId),
      liveSession: (record) => this.liveSession(record),
      begin: (sessionId) => {
        this.assertIdle(sessionId)
        const controller = new AbortController()
        this.running.set(sessionId, controller)
        return controller.signal
      },
      end: async (sessionId) => {
        this.running.delete(sessionId)
        await this.batcher.flush()
      },
      publish: (event) => this.batcher.push(event),
      publishNow: (event) => this.publishNow(event),
      flush: () => this.batcher.flush(),
      setProvider: (sessionId, choice) => this.applyProvider(sessionId, choice),
      rename: (sessionId, name) => this.renameSession(sessionId, name),
      submit: (sessionId, prompt) => this.submit(sessionId, prompt)
    })
    this.sandboxes = new SessionSandboxes({
      createSandbox: options.createSandbox,
      ...(options.createSandboxFromChoice ? { createSandboxFromChoice: options.createSandboxFromChoice } : {}),
      workspaceRoot: this.workspaceRoot()
    })
  }

  async createSession(options: TCreateSessionOptions = {}): Promise<TSessionSummary> {
    const provider = options.provider ?? this.options.defaultProvider
    const now = Date.now()
    const record: TSessionRecord = {
      id: createId(),
      name: options.name?.trim() || 'New session',
      createdAt: now,
      updatedAt: now,
      providerName: provider.kind,
      model: provider.model,
      messages: [],
      nextEventSeq: 0
    }
    await this.options.store.commit(record, [])
    if (options.provider) this.agents.choose(record.id, options.provider)
    return toSummary(record)
  }

  listSessions(): Promise<TSessionListing> {
    return this.options.store.listSessions()
  }

  async renameSession(sessionId: string, name: string): Promise<TSessionSummary> {
    if (typeof name !== 'string' || name.trim() === '') throw new ValidationError('renameSession(): the name is empty.')
    const record = { ...(await this.loadRecord(sessionId)), name: name.trim(), updatedAt: Date.now() }
    await this.options.store.commit(record, [])
    return toSummary(record)
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.abort(sessionId)
    const session = this.live.get(sessionId)
    this.live.delete(sessionId)
    this.agents.forget(sessionId)
    this.sandboxes.forget(sessionId)
    await (await session?.catch(() => undefined))?.sandbox.dispose?.()
    await this.options.store.deleteSession(sessionId)
  }

  async forkSession(sessionId: string, options: { name?: string } = {}): Promise<TSessionSummary> {
    const source = await this.loadRecord(sessionId)
    this.assertIdle(sessionId)
    const live = await this.live.get(sessionId)?.catch(() => undefined)
    const snapshot = live?.sandbox.snapshot ? await live.sandbox.snapshot() : await this.options.store.loadSandboxSnapshot(sessionId)
    const now = Date.now()
    const fork: TSessionRecord = {
      ...source,
      id: createId(),
      name: options.name?.trim() || `${source.name} (fork)`,
      createdAt: now,
      updatedAt: now,
      nextEventSeq: 0
    }
    await this.options.store.commit(fork, [])
    if (snapshot !== undefined) await this.options.store.saveSandboxSnapshot(fork.id, snapshot)
    this.agents.copy(sessionId, fork.id)
    this.sandboxes.copyChoice(sessionId, fork.id)
    return toSummary(fork)
  }

  async setProvider(sessionId: string, provider: TProviderChoice): Promise<TSessionSummary> {
    this.assertIdle(sessionId)
    return this.applyProvider(sessionId, provider)
  }

  /** Switches the provider of a session this host already holds busy or knows idle. */
  private async applyProvider(sessionId: string, provider: TProviderChoice): Promise<TSessionSummary> {
    const record = { ...(await this.loadRecord(sessionId)), providerName: provider.kind, model: provider.model, updatedAt: Date.now() }
    const built = await this.options.createProvider(provider)
    await this.options.store.commit(record, [])
    this.agents.choose(sessionId, provider, built)
    const live = await this.live.get(sessionId)?.catch(() => undefined)
    if (live) await this.agents.rebuild(record, live)
    return toSummary(record)
  }

  async openSession(sessionId: string): Promise<TSessionView> {
    const record = await this.loadRecord(sessionId)
    const events = await this.options.store.loadEvents(sessionId)
    return { summary: toSummary(record), messages: record.messages, events, running: this.running.has(sessionId) }
  }

  async closeSession(sessionId: string): Promise<void> {
    // A running turn keeps its live session; a close after the turn frees it.
    if (this.running.has(sessionId)) return
    const session = this.live.get(sessionId)
    this.live.delete(sessionId)
    this.agents.release(sessionId)
    await (await session?.catch(() => undefined))?.sandbox.dispose?.()
  }

  async submit(sessionId: string, prompt: string): Promise<TTurnResult> {
    if (typeof prompt !== 'string' || prompt.trim() === '') throw new ValidationError('submit(): the prompt is empty.')
    this.assertIdle(sessionId)
    // Registered before anything is awaited, so an abort sent right after submit is not lost.
    const controller = new AbortController()
    this.running.set(sessionId, controller)
    try {
      const loaded = await this.loadRecord(sessionId)
      const session = await this.liveSession(loaded)
      const record = await this.commands.compactBeforeTurn(loaded, session, controller.signal)
      const apiKey = this.agents.choiceFor(record).apiKey
      return await runTurn({
        store: this.options.store,
        record,
        session,
        prompt,
        signal: controller.signal,
        publish: (event) => this.batcher.push(event),
        flushEvents: () => this.batcher.flush(),
        secrets: [...(apiKey ? [apiKey] : []), ...this.sandboxes.secretsOf(sessionId)]
      })
    } finally {
      this.running.delete(sessionId)
      this.permissions.denyAll(sessionId)
      await this.batcher.flush()
    }
  }

  async abort(sessionId: string): Promise<void> {
    this.running.get(sessionId)?.abort()
    this.permissions.denyAll(sessionId)
  }

  async answerPermission(sessionId: string, requestId: string, answer: TPermissionAnswer): Promise<void> {
    this.permissions.answer(sessionId, requestId, answer)
  }

  async setPermissionMode(sessionId: string, mode: TPermissionMode): Promise<void> {
    ;(await this.liveSessionById(sessionId)).enforcer.setMode(mode)
  }

  async listFiles(sessionId: string, path: string): Promise<TSandboxDirEntry[]> {
    return (await this.liveSessionById(sessionId)).sandbox.readdir(path)
  }

  async readFile(sessionId: string, path: string): Promise<string> {
    return (await this.liveSessionById(sessionId)).sandbox.readFile(path)
  }

  async writeFile(sessionId: string, path: string, content: string | Uint8Array): Promise<void> {
    const { sandbox } = await this.liveSessionById(sessionId)
    await sandbox.writeFile(path, content)
    await this.saveSnapshot(sessionId, sandbox)
  }

  async applyManifest(sessionId: string, manifest: unknown): Promise<TManifestApplication> {
    const apply = this.options.applyManifest
    if (!apply) throw new ConfigurationError('This host cannot apply workspace manifests: it was built without `applyManifest`.')
    const { sandbox } = await this.liveSessionById(sessionId)
    const result = await apply(sandbox, manifest)
    await this.saveSnapshot(sessionId, sandbox)
    return result
  }

  async exportReplay(sessionId: string): Promise<string> {
    await this.loadRecord(sessionId)
    return exportReplayLogJsonl(sessionId, await this.options.store.loadReplayLog(sessionId))
  }

  async importReplay(jsonl: string): Promise<TSessionSummary> {
    const imported = importReplayLogJsonl(jsonl)
    const record = toImportedSessionRecord(imported)
    await this.options.store.importSession(record, imported.records)
    return toSummary(record)
  }

  async verifyReplay(sessionId: string): Promise<TReplayVerification> {
    return verifyReplayLog(await this.options.store.loadReplayLog(sessionId))
  }

  async rerunReplay(sessionId: string): Promise<TReplayRerunReport> {
    await this.loadRecord(sessionId)
    const events = await this.options.store.loadEvents(sessionId)
    // A sandbox of its own, fresh from the workspace, so the re-run never touches the session's files.
    const sandbox = await this.options.createSandbox(`${sessionId}:rerun`)
    try {
      return await rerunReplay({
        events,
        sandbox,
        ...(this.options.permissions ? { permissions: this.options.permissions } : {}),
        permissionMode: this.options.permissionMode ?? 'default',
        workspaceRoot: this.workspaceRoot()
      })
    } finally {
      await sandbox.dispose?.()
    }
  }

  listCommands(sessionId: string): Promise<ICommand[]> {
    return this.commands.list(sessionId)
  }

  executeCommand(sessionId: string, line: string): Promise<TCommandOutcome> {
    return this.commands.execute(sessionId, line)
  }

  async setSandbox(sessionId: string, choice: TSandboxChoice): Promise<TSandboxSwitch> {
    const wanted = validateSandboxChoice(choice)
    this.assertIdle(sessionId)
    const record = await this.loadRecord(sessionId)
    const current = await this.liveSession(record)
    const provider = await this.agents.providerFor(record)
    const { session, result } = await switchSessionSandbox({
      record,
      current,
      choice: wanted,
      sandboxes: this.sandboxes,
      workspaceRoot: this.workspaceRoot(),
      provider,
      partsFor: (sandbox) => this.liveParts(sessionId, sandbox, provider),
      publishNow: (event) => this.publishNow(event)
    })
    this.live.set(sessionId, Promise.resolve(session))
    await current.sandbox.dispose?.().catch(() => undefined)
    await this.saveSnapshot(sessionId, session.sandbox)
    this.publishNow({ kind: 'sandbox_status', sessionId, status: 'ready' })
    this.publishNow({ kind: 'sandbox_switched', sessionId, result })
    return result
  }

  async subscribe(listener: THostEventListener): Promise<number> {
    const id = this.nextSubscriptionId++
    this.listeners.set(id, listener)
    return id
  }

  async unsubscribe(subscriptionId: number): Promise<void> {
    this.listeners.delete(subscriptionId)
  }

  private async deliver(events: THostEvent[]): Promise<void> {
    // Awaiting each listener gives a slow page back-pressure instead of an unbounded queue.
    for (const listener of this.listeners.values()) await listener(events)
  }

  private publishNow(event: THostEvent): void {
    this.batcher.push(event)
    // Prompts and status changes must not wait for the next batch window.
    void this.batcher.flush()
  }

  private assertIdle(sessionId: string): void {
    if (this.running.has(sessionId)) throw new ValidationError(`Session ${sessionId} is running a turn; abort it or wait.`)
  }

  private liveParts(sessionId: string, sandbox: ISandboxClient, provider: IAIProvider): TLiveSessionParts {
    return {
      sandbox,
      provider,
      permissionHandler: this.permissions.handlerFor(sessionId),
      permissionMode: this.options.permissionMode ?? 'default',
      permissions: this.options.permissions,
      hooks: this.options.hooks,
      systemMessage: this.agents.systemMessage(sessionId),
      workspaceRoot: this.workspaceRoot()
    }
  }

  private async loadRecord(sessionId: string): Promise<TSessionRecord> {
    const record = await this.options.store.loadSession(sessionId)
    if (!record) throw new ValidationError(`No session with id "${sessionId}".`)
    return record
  }

  private async liveSessionById(sessionId: string): Promise<TLiveSession> {
    return this.liveSession(await this.loadRecord(sessionId))
  }

  private liveSession(record: TSessionRecord): Promise<TLiveSession> {
    let session = this.live.get(record.id)
    if (!session) {
      session = this.startSession(record)
      this.live.set(record.id, session)
      // A failed start (a sandbox that would not load, say) is retried on the next call.
      session.catch(() => this.live.delete(record.id))
    }
    return session
  }

  private async startSession(record: TSessionRecord): Promise<TLiveSession> {
    this.publishNow({ kind: 'sandbox_status', sessionId: record.id, status: 'loading' })
    try {
      const sandbox = await this.sandboxes.create(record.id)
      const snapshot = await this.options.store.loadSandboxSnapshot(record.id)
      if (snapshot !== undefined && sandbox.restore) await sandbox.restore(snapshot)
      this.agents.release(record.id)
      const session = createLiveSession(record, this.liveParts(record.id, sandbox, await this.agents.providerFor(record)))
      this.publishNow({ kind: 'sandbox_status', sessionId: record.id, status: 'ready' })
      return session
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      this.publishNow({ kind: 'sandbox_status', sessionId: record.id, status: 'failed', message })
      throw error
    }
  }

  private async saveSnapshot(sessionId: string, sandbox: ISandboxClient): Promise<void> {
    if (sandbox.snapshot) await this.options.store.saveSandboxSnapshot(sessionId, await sandbox.snapshot())
  }

  private workspaceRoot(): string {
    return this.options.workspaceRoot ?? '/workspace'
  }
}

function toSummary(record: TSessionRecord): TSessionSummary {
  const { id, name, createdAt, updatedAt } = record
  return { id, name, createdAt, updatedAt, messageCount: record.messages.length }
}
