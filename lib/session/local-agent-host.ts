import { createId } from '../core/create-id.ts'
import { ValidationError } from '../core/errors.ts'
import type { IAIProvider } from '../core/provider.ts'
import { Robota } from '../core/robota.ts'
import type { ISandboxClient, TSandboxDirEntry } from '../../sandbox/sandbox-client.ts'
import { verifyReplayLog, type TReplayVerification } from '../storage/replay-log/hash-chain.ts'
import { redactSecrets } from '../storage/replay-log/redact-secrets.ts'
import { exportReplayLogJsonl, importReplayLogJsonl } from '../storage/replay-log/replay-jsonl.ts'
import type { ISessionStore, TSessionListing, TSessionRecord, TSessionSummary } from '../storage/session-store.ts'
import type { THooksConfig } from '../hooks/index.ts'
import type { IPermissionLists, TPermissionMode } from '../permissions/index.ts'
import { createSandboxTools } from './sandbox-tools.ts'
import type {
  IAgentHost,
  TCreateSessionOptions,
  THostEvent,
  THostEventListener,
  TProviderChoice,
  TSessionView,
  TTurnResult
} from './agent-host.ts'
import { EventBatcher } from './event-batcher.ts'
import { PermissionBroker } from './permission-broker.ts'
import { PermissionEnforcer } from './permission-enforcer.ts'
import type { TPermissionAnswer } from './permission-enforcer-types.ts'
import { toImportedSessionRecord } from './imported-session.ts'
import { SessionRecorder } from './session-recorder.ts'

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
}

type TLiveSession = { agent: Robota; sandbox: ISandboxClient; enforcer: PermissionEnforcer }

const DEFAULT_SYSTEM_MESSAGE =
  'You are Robota, a coding agent working in a sandboxed workspace. Use the Bash and Read tools to ' +
  'inspect files before answering, and answer concisely.'

/** The agent host running in the current thread: in Node, in tests, or inside the worker. */
export class LocalAgentHost implements IAgentHost {
  private readonly live = new Map<string, Promise<TLiveSession>>()
  private readonly running = new Map<string, AbortController>()
  private readonly listeners = new Map<number, THostEventListener>()
  private readonly batcher: EventBatcher<THostEvent>
  private readonly permissions: PermissionBroker
  private nextSubscriptionId = 1

  constructor(private readonly options: TLocalAgentHostOptions) {
    this.batcher = new EventBatcher((events) => this.deliver(events), options.eventIntervalMs)
    this.permissions = new PermissionBroker((event) => {
      this.batcher.push(event)
      // A prompt on screen must not wait for the next batch window.
      void this.batcher.flush()
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
    return toSummary(record)
  }

  listSessions(): Promise<TSessionListing> {
    return this.options.store.listSessions()
  }

  async openSession(sessionId: string): Promise<TSessionView> {
    const record = await this.loadRecord(sessionId)
    const events = await this.options.store.loadEvents(sessionId)
    const running = this.running.has(sessionId)
    return { summary: toSummary(record), messages: record.messages, events, running }
  }

  async submit(sessionId: string, prompt: string): Promise<TTurnResult> {
    if (typeof prompt !== 'string' || prompt.trim() === '') throw new ValidationError('submit(): the prompt is empty.')
    const record = await this.loadRecord(sessionId)
    const session = await this.liveSession(record)
    if (this.running.has(sessionId)) {
      throw new ValidationError(`Session ${sessionId} is already running a turn; abort it or wait.`)
    }
    const controller = new AbortController()
    this.running.set(sessionId, controller)
    const recorder = new SessionRecorder(this.options.store, record)
    this.batcher.push({ kind: 'turn_started', sessionId, prompt })
    try {
      const result = await session.agent.run(prompt, {
        signal: controller.signal,
        onExecutionEvent: (raw) => {
          // Secrets never leave the run: what is stored and what the page sees are redacted alike.
          const event = redactSecrets(raw)
          recorder.observe(event)
          this.batcher.push({ kind: 'replay', event })
        }
      })
      recorder.commit(session.agent.getNextEventSeq())
      await recorder.settle()
      const turn = { response: result.response, interrupted: result.interrupted === true, toolsExecuted: result.toolsExecuted }
      this.batcher.push({ kind: 'turn_finished', sessionId, result: turn })
      return turn
    } catch (error) {
      const code = typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : 'UNKNOWN'
      this.batcher.push({ kind: 'turn_failed', sessionId, message: String((error as Error).message ?? error), code })
      throw error
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
    ;(await this.liveSession(await this.loadRecord(sessionId))).enforcer.setMode(mode)
  }

  async listFiles(sessionId: string, path: string): Promise<TSandboxDirEntry[]> {
    return (await this.liveSession(await this.loadRecord(sessionId))).sandbox.readdir(path)
  }

  async readFile(sessionId: string, path: string): Promise<string> {
    return (await this.liveSession(await this.loadRecord(sessionId))).sandbox.readFile(path)
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

  private async loadRecord(sessionId: string): Promise<TSessionRecord> {
    const record = await this.options.store.loadSession(sessionId)
    if (!record) throw new ValidationError(`No session with id "${sessionId}".`)
    return record
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
    const sandbox = await this.options.createSandbox(record.id)
    const choice = { ...this.options.defaultProvider, kind: record.providerName, model: record.model }
    const provider = await this.options.createProvider(choice)
    const cwd = this.options.workspaceRoot ?? '/workspace'
    const enforcer = new PermissionEnforcer({
      mode: this.options.permissionMode ?? 'default',
      ...(this.options.permissions ? { permissions: this.options.permissions } : {}),
      ...(this.options.hooks ? { hooks: this.options.hooks } : {}),
      permissionHandler: this.permissions.handlerFor(record.id),
      sandbox,
      sessionId: record.id,
      cwd
    })
    const agent = new Robota({
      name: record.name,
      sessionId: record.id,
      aiProviders: [provider],
      defaultModel: { provider: provider.name, model: record.model },
      systemMessage: this.options.systemMessage ?? DEFAULT_SYSTEM_MESSAGE,
      tools: enforcer.wrapAll(createSandboxTools(sandbox, cwd)),
      history: record.messages,
      firstEventSeq: record.nextEventSeq
    })
    return { agent, sandbox, enforcer }
  }
}

function toSummary(record: TSessionRecord): TSessionSummary {
  const { id, name, createdAt, updatedAt } = record
  return { id, name, createdAt, updatedAt, messageCount: record.messages.length }
}
