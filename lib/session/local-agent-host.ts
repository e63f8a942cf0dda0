import { createId } from '../core/create-id.ts'
import { ConfigurationError, ValidationError } from '../core/errors.ts'
import type { IAIProvider } from '../core/provider.ts'
import type { THooksConfig } from '../hooks/index.ts'
import type { IPermissionLists, TPermissionMode } from '../permissions/index.ts'
import type { ISandboxClient, TSandboxDirEntry } from '../../sandbox/sandbox-client.ts'
import { verifyReplayLog, type TReplayVerification } from '../storage/replay-log/hash-chain.ts'
import { exportReplayLogJsonl, importReplayLogJsonl } from '../storage/replay-log/replay-jsonl.ts'
import type { ISessionStore, TSessionListing, TSessionRecord, TSessionSummary } from '../storage/session-store.ts'
import type {
  IAgentHost,
  TCreateSessionOptions,
  THostEvent,
  THostEventListener,
  TManifestApplication,
  TProviderChoice,
  TSessionView,
  TTurnResult
} from './agent-host.ts'
import { EventBatcher } from './event-batcher.ts'
import { toImportedSessionRecord } from './imported-session.ts'
import { createLiveSession, createSessionAgent, type TLiveSession } from './live-session.ts'
import { PermissionBroker } from './permission-broker.ts'
import type { TPermissionAnswer } from './permission-enforcer-types.ts'
import { rerunReplay, type TReplayRerunReport } from './replay-rerun.ts'
import { runTurn } from './run-turn.ts'

/** What the host is built from; concrete adapters are chosen by whoever assembles it. */
export type TLocalAgentHostOptions = {
  store: ISessionStore
  /** Makes the sandbox a session works in (seeded with its workspace). */
  createSandbox: (sessionId: string) => ISandboxClient | Promise<ISandboxClient>
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
  // Keys live here, in memory only; records keep the provider kind and model.
  private readonly providerChoices = new Map<string, TProviderChoice>()
  private readonly listeners = new Map<number, THostEventListener>()
  private readonly batcher: EventBatcher<THostEvent>
  private readonly permissions: PermissionBroker
  private nextSubscriptionId = 1

  constructor(private readonly options: TLocalAgentHostOptions) {
    this.batcher = new EventBatcher((events) => this.deliver(events), options.eventIntervalMs)
    this.permissions = new PermissionBroker((event) => this.publishNow(event))
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
    if (options.provider) this.providerChoices.set(record.id, options.provider)
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
    this.providerChoices.delete(sessionId)
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
    const choice = this.providerChoices.get(sessionId)
    if (choice) this.providerChoices.set(fork.id, choice)
    return toSummary(fork)
  }

  async setProvider(sessionId: string, provider: TProviderChoice): Promise<TSessionSummary> {
    this.assertIdle(sessionId)
    const record = { ...(await this.loadRecord(sessionId)), providerName: provider.kind, model: provider.model, updatedAt: Date.now() }
    const built = await this.options.createProvider(provider)
    await this.options.store.commit(record, [])
    this.providerChoices.set(sessionId, provider)
    const live = await this.live.get(sessionId)?.catch(() => undefined)
    if (live) live.agent = createSessionAgent(record, built, live.sandbox, live.enforcer, this.systemMessage(), this.workspaceRoot())
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
    await (await session?.catch(() => undefined))?.sandbox.dispose?.()
  }

  async submit(sessionId: string, prompt: string): Promise<TTurnResult> {
    if (typeof prompt !== 'string' || prompt.trim() === '') throw new ValidationError('submit(): the prompt is empty.')
    this.assertIdle(sessionId)
    // Registered before anything is awaited, so an abort sent right after submit is not lost.
    const controller = new AbortController()
    this.running.set(sessionId, controller)
    try {
      const record = await this.loadRecord(sessionId)
      const session = await this.liveSession(record)
      const apiKey = (this.providerChoices.get(sessionId) ?? this.options.defaultProvider).apiKey
      return await runTurn({
        store: this.options.store,
        record,
        session,
        prompt,
        signal: controller.signal,
        publish: (event) => this.batcher.push(event),
        flushEvents: () => this.batcher.flush(),
        secrets: apiKey ? [apiKey] : []
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
      const sandbox = await this.options.createSandbox(record.id)
      const snapshot = await this.options.store.loadSandboxSnapshot(record.id)
      if (snapshot !== undefined && sandbox.restore) await sandbox.restore(snapshot)
      const choice = this.providerChoices.get(record.id) ?? { ...this.options.defaultProvider, kind: record.providerName, model: record.model }
      const provider = await this.options.createProvider(choice)
      const session = createLiveSession(record, {
        sandbox,
        provider,
        permissionHandler: this.permissions.handlerFor(record.id),
        permissionMode: this.options.permissionMode ?? 'default',
        permissions: this.options.permissions,
        hooks: this.options.hooks,
        systemMessage: this.systemMessage(),
        workspaceRoot: this.workspaceRoot()
      })
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

  private systemMessage(): string {
    return this.options.systemMessage ?? DEFAULT_SYSTEM_MESSAGE
  }

  private workspaceRoot(): string {
    return this.options.workspaceRoot ?? '/workspace'
  }
}

function toSummary(record: TSessionRecord): TSessionSummary {
  const { id, name, createdAt, updatedAt } = record
  return { id, name, createdAt, updatedAt, messageCount: record.messages.length }
}
