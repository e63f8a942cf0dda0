import { ValidationError } from '../core/errors.ts'
import { SerialByKey } from '../core/serial-by-key.ts'
import { noSuchSessionError } from './no-such-session.ts'
import type { TPermissionMode } from '../permissions/index.ts'
import type { TSandboxDirEntry } from '../../sandbox/sandbox-client.ts'
import type { TReplayVerification } from '../storage/replay-log/hash-chain.ts'
import type { IPluginFileStore } from '../storage/plugin-file-store.ts'
import type { TSessionListing, TSessionRecord, TSessionSummary } from '../storage/session-store.ts'
import type { ICommand } from '../session/commands/command-types.ts'
import type {
  IAgentHost,
  TCommandOutcome,
  TCreateSessionOptions,
  THostEventListener,
  TImportReplayOptions,
  TManifestApplication,
  TMcpServers,
  TMcpServerStatus,
  TModelListing,
  TMarketplaceQuery,
  TMarketplaceSearch,
  TPluginInstallRequest,
  TPluginScope,
  TPluginView,
  TProviderChoice,
  TSandboxChoice,
  TSandboxSwitch,
  TEventPage,
  TMessagePage,
  TOpenSessionOptions,
  TSessionSettings,
  TSessionSettingsView,
  TSessionView,
  TSubmitOptions,
  TTurnResult
} from './agent-host.ts'
import { HostEventHub } from './host-event-hub.ts'
import { HostLiveSessions } from './host-live-sessions.ts'
import { HostReplay } from './host-replay.ts'
import { HostRunningTurns } from './host-running-turns.ts'
import { HostSessionCommands } from './host-session-commands.ts'
import { HostSessionLifecycle } from './host-session-lifecycle.ts'
import { HostSessionSettings } from './host-session-settings.ts'
import { HostWorkspaceFiles, saveSandboxSnapshot } from './host-workspace-files.ts'
import { HostPlugins } from './host-plugins.ts'
import { MemoryPluginFileStore } from '../storage/memory-plugin-file-store.ts'
import type { HostedSession } from './hosted-session.ts'
import { HostedSessionRecords } from './hosted-session-records.ts'
import { HostSessionAssembler } from './host-session-assembler.ts'
import { PermissionBroker } from './permission-broker.ts'
import { readTurnOutput } from './turn-output.ts'
import { listChoiceModels } from './host-model-listing.ts'
import type { TPermissionAnswer } from '../session/permission-enforcer-types.ts'
import type { TReplayRerunReport } from '../session/replay-rerun.ts'
import { SessionAgents } from './session-agents.ts'
import { SessionPermissionModes } from './session-permission-modes.ts'
import { SessionSandboxes, validateSandboxChoice } from './session-sandboxes.ts'
import type { TLocalAgentHostOptions } from './local-agent-host-options.ts'

export type { TLocalAgentHostOptions } from './local-agent-host-options.ts'

/**
 * The agent host running in the current thread: in Node, in tests, or inside the worker. Each
 * open session is the SDK's own session (`HostedSession`), assembled from the workspace in its
 * sandbox as `InteractiveSession` assembles it; the parts beside it (`host-*.ts`) hold sessions'
 * lifecycle, turns, commands, workspace files, replay logs and event delivery together.
 */
export class LocalAgentHost implements IAgentHost {
  private readonly events: HostEventHub
  private readonly turns = new HostRunningTurns()
  private readonly permissions: PermissionBroker
  private readonly agents: SessionAgents
  private readonly sandboxes: SessionSandboxes
  private readonly live: HostLiveSessions
  private readonly modes: SessionPermissionModes
  private readonly lifecycle: HostSessionLifecycle
  private readonly settings: HostSessionSettings
  private readonly commands: HostSessionCommands
  private readonly files: HostWorkspaceFiles
  private readonly replay: HostReplay
  private readonly records = new HostedSessionRecords()
  private readonly plugins: HostPlugins
  private readonly userPlugins: IPluginFileStore
  // Calls that read a session's stored record and write it whole run one at a time per session:
  // two at once would each write back what the other read before its change. A settings read
  // waits its turn too, so it describes what a change asked for just before it made.
  private readonly recordChanges = new SerialByKey()

  constructor(private readonly options: TLocalAgentHostOptions) {
    const workspaceRoot = options.workspaceRoot ?? '/workspace'
    const { store } = options
    const loadRecord = (sessionId: string) => this.loadRecord(sessionId)
    this.events = new HostEventHub(options.eventIntervalMs)
    const { records } = this
    this.modes = new SessionPermissionModes(options.permissionMode ?? 'default', records)
    this.permissions = new PermissionBroker((event) => this.events.publishNow(event))
    this.agents = new SessionAgents({ createProvider: options.createProvider, defaultProvider: options.defaultProvider, records })
    this.sandboxes = new SessionSandboxes({
      createSandbox: options.createSandbox,
      ...(options.createSandboxFromChoice ? { createSandboxFromChoice: options.createSandboxFromChoice } : {}),
      ...(options.prepareSandbox ? { prepareSandbox: options.prepareSandbox } : {}),
      workspaceRoot,
      records
    })
    this.userPlugins = options.userPlugins ?? new MemoryPluginFileStore()
    const assembler = new HostSessionAssembler({
      options,
      agents: this.agents,
      records,
      sandboxes: this.sandboxes,
      userPlugins: this.userPlugins,
      events: this.events,
      permissions: this.permissions,
      modes: this.modes
    })
    this.live = new HostLiveSessions({
      records,
      store,
      sandboxes: this.sandboxes,
      workspaceRoot,
      assemble: (record, sandbox, sessionStart) => assembler.assemble(record, sandbox, sessionStart),
      publishNow: (event) => this.events.publishNow(event)
    })
    this.lifecycle = new HostSessionLifecycle({
      store,
      agents: this.agents,
      sandboxes: this.sandboxes,
      live: this.live,
      turns: this.turns,
      records,
      createProvider: options.createProvider,
      defaultProvider: options.defaultProvider,
      loadRecord,
      abort: (sessionId) => this.abort(sessionId),
      pendingPermissions: (sessionId) => this.permissions.pendingFor(sessionId)
    })
    this.settings = new HostSessionSettings({
      store,
      live: this.live,
      turns: this.turns,
      systemMessage: options.systemMessage,
      loadRecord,
      providerFor: (record) => this.agents.providerFor(record)
    })
    this.commands = new HostSessionCommands({
      agents: this.agents,
      loadRecord,
      liveSession: (record) => this.live.open(record),
      begin: (sessionId) => this.turns.begin(sessionId),
      end: async (sessionId) => {
        this.turns.end(sessionId)
        await this.events.flush()
      },
      publishNow: (event) => this.events.publishNow(event),
      rememberPermissionMode: (sessionId, mode) => this.modes.set(sessionId, mode),
      setProvider: (sessionId, choice) => this.recordChanges.run(sessionId, () => this.lifecycle.applyProvider(sessionId, choice)),
      rename: (sessionId, name) => this.renameSession(sessionId, name),
      submit: (sessionId, prompt) => this.submit(sessionId, prompt)
    })
    this.files = new HostWorkspaceFiles({
      store,
      liveSession: (sessionId) => this.liveSessionById(sessionId),
      ...(options.applyManifest ? { applyManifest: options.applyManifest } : {})
    })
    this.plugins = new HostPlugins({
      userPlugins: this.userPlugins,
      workspaceRoot,
      sandboxOf: async (sessionId) => (await this.liveSessionById(sessionId)).sandbox,
      assertIdle: (sessionId) => this.turns.assertIdle(sessionId),
      reassemble: async (sessionId) => {
        // Project-scope bundles are workspace files: they are stored with the session's snapshot.
        const hosted = await this.liveSessionById(sessionId)
        await saveSandboxSnapshot(store, sessionId, hosted.sandbox)
        await this.live.rebuild(await this.loadRecord(sessionId))
      }
    })
    this.replay = new HostReplay({
      store,
      loadRecord,
      createSandbox: options.createSandbox,
      ...(options.permissions ? { permissions: options.permissions } : {}),
      permissionMode: options.permissionMode ?? 'default',
      workspaceRoot
    })
  }

  createSession(options: TCreateSessionOptions = {}): Promise<TSessionSummary> {
    return this.lifecycle.create(options)
  }

  listSessions(): Promise<TSessionListing> {
    return this.options.store.listSessions()
  }

  renameSession(sessionId: string, name: string): Promise<TSessionSummary> {
    return this.recordChanges.run(sessionId, () => this.lifecycle.rename(sessionId, name))
  }

  deleteSession(sessionId: string): Promise<void> {
    return this.recordChanges.run(sessionId, () => this.lifecycle.delete(sessionId))
  }

  forkSession(sessionId: string, options: { name?: string } = {}): Promise<TSessionSummary> {
    return this.lifecycle.fork(sessionId, options)
  }

  setProvider(sessionId: string, provider: TProviderChoice): Promise<TSessionSummary> {
    return this.recordChanges.run(sessionId, async () => {
      this.turns.assertIdle(sessionId)
      return this.lifecycle.applyProvider(sessionId, provider)
    })
  }

  getSessionSettings(sessionId: string): Promise<TSessionSettingsView> {
    return this.recordChanges.run(sessionId, () => this.settings.get(sessionId))
  }

  setSessionSettings(sessionId: string, settings: TSessionSettings): Promise<TSessionSettingsView> {
    return this.recordChanges.run(sessionId, () => this.settings.set(sessionId, settings))
  }

  listModels(choice: TProviderChoice): Promise<TModelListing> {
    return listChoiceModels(choice, this.options.createProvider)
  }

  openSession(sessionId: string, options?: TOpenSessionOptions): Promise<TSessionView> {
    return this.lifecycle.open(sessionId, options)
  }

  loadEarlierMessages(sessionId: string, beforeIndex: number, count: number): Promise<TMessagePage> {
    return this.lifecycle.loadEarlierMessages(sessionId, beforeIndex, count)
  }

  loadEarlierEvents(sessionId: string, beforeSeq: number, count: number): Promise<TEventPage> {
    return this.lifecycle.loadEarlierEvents(sessionId, beforeSeq, count)
  }

  closeSession(sessionId: string): Promise<void> {
    return this.lifecycle.close(sessionId)
  }

  async submit(sessionId: string, prompt: string, options?: TSubmitOptions): Promise<TTurnResult> {
    if (typeof prompt !== 'string' || prompt.trim() === '') throw new ValidationError('submit(): the prompt is empty.')
    const output = readTurnOutput(options)
    // Registered before anything is awaited, so an abort sent right after submit is not lost.
    const signal = this.turns.begin(sessionId)
    try {
      const record = await this.recordForTurn(sessionId)
      const hosted = await this.live.open(record)
      return await hosted.runTurn(record, prompt, signal, output)
    } finally {
      this.turns.end(sessionId)
      this.permissions.denyAll(sessionId)
      await this.events.flush()
    }
  }

  /** Every session here is this host's to drive: nothing to take over. */
  async takeOver(sessionId: string): Promise<void> {
    await this.loadRecord(sessionId)
  }

  async abort(sessionId: string): Promise<void> {
    this.turns.abort(sessionId)
    this.permissions.denyAll(sessionId)
  }

  async answerPermission(sessionId: string, requestId: string, answer: TPermissionAnswer): Promise<void> {
    this.permissions.answer(sessionId, requestId, answer)
  }

  async setPermissionMode(sessionId: string, mode: TPermissionMode): Promise<void> {
    await this.loadRecord(sessionId)
    this.modes.set(sessionId, mode)
    ;(await this.live.current(sessionId))?.session.setPermissionMode(mode)
  }

  listFiles(sessionId: string, path: string): Promise<TSandboxDirEntry[]> {
    return this.files.list(sessionId, path)
  }

  readFile(sessionId: string, path: string): Promise<string> {
    return this.files.read(sessionId, path)
  }

  async writeFile(sessionId: string, path: string, content: string | Uint8Array): Promise<void> {
    await this.files.write(sessionId, path, content)
    await this.rereadWorkspace(sessionId)
  }

  /** Hydrates the session's sandbox; the session is busy meanwhile, and `abort` stops it. */
  async applyManifest(sessionId: string, manifest: unknown): Promise<TManifestApplication> {
    const signal = this.turns.begin(sessionId)
    try {
      return await this.files.applyManifest(sessionId, manifest, signal)
    } finally {
      this.turns.end(sessionId)
      await this.rereadWorkspace(sessionId).catch(() => undefined)
    }
  }

  exportReplay(sessionId: string): Promise<string> {
    return this.replay.export(sessionId)
  }

  importReplay(jsonl: string, options?: TImportReplayOptions): Promise<TSessionSummary> {
    return this.replay.import(jsonl, options)
  }

  verifyReplay(sessionId: string): Promise<TReplayVerification> {
    return this.replay.verify(sessionId)
  }

  rerunReplay(sessionId: string): Promise<TReplayRerunReport> {
    return this.replay.rerun(sessionId)
  }

  listCommands(sessionId: string): Promise<ICommand[]> {
    return this.commands.list(sessionId)
  }

  executeCommand(sessionId: string, line: string): Promise<TCommandOutcome> {
    return this.commands.execute(sessionId, line)
  }

  async setSandbox(sessionId: string, choice: TSandboxChoice): Promise<TSandboxSwitch> {
    const wanted = validateSandboxChoice(choice)
    return this.recordChanges.run(sessionId, async () => {
      this.turns.assertIdle(sessionId)
      return this.live.switchSandbox(await this.loadRecord(sessionId), wanted)
    })
  }

  setMcpServers(sessionId: string, servers: TMcpServers): Promise<void> {
    return this.recordChanges.run(sessionId, async () => {
      const record = await this.loadRecord(sessionId)
      this.turns.assertIdle(sessionId)
      this.records.of(sessionId).mcpServers = { ...servers }
      await this.live.rebuild(record)
    })
  }

  async listMcpServers(sessionId: string): Promise<TMcpServerStatus[]> {
    return (await this.liveSessionById(sessionId)).mcpServers()
  }

  searchPlugins(query: TMarketplaceQuery & { source: string }): Promise<TMarketplaceSearch> {
    return this.plugins.search(query)
  }

  async installPlugin(sessionId: string, request: TPluginInstallRequest): Promise<TPluginView[]> {
    await this.loadRecord(sessionId)
    return this.plugins.install(sessionId, request)
  }

  async listPlugins(sessionId: string): Promise<TPluginView[]> {
    await this.loadRecord(sessionId)
    return this.plugins.list(sessionId)
  }

  async setPluginEnabled(sessionId: string, scope: TPluginScope, name: string, enabled: boolean): Promise<TPluginView[]> {
    await this.loadRecord(sessionId)
    return this.plugins.setEnabled(sessionId, scope, name, enabled)
  }

  async uninstallPlugin(sessionId: string, scope: TPluginScope, name: string): Promise<TPluginView[]> {
    await this.loadRecord(sessionId)
    return this.plugins.uninstall(sessionId, scope, name)
  }

  async subscribe(listener: THostEventListener): Promise<number> {
    return this.events.subscribe(listener)
  }

  async unsubscribe(subscriptionId: number): Promise<void> {
    this.events.unsubscribe(subscriptionId)
  }

  /**
   * Files the page put in (an upload, a manifest) may be settings, AGENTS.md, skills or agents:
   * an idle session is assembled again from its workspace, so its next turn follows them.
   */
  private async rereadWorkspace(sessionId: string): Promise<void> {
    if (!this.turns.isRunning(sessionId)) await this.live.rebuild(await this.loadRecord(sessionId))
  }

  private async loadRecord(sessionId: string): Promise<TSessionRecord> {
    const record = await this.options.store.loadSession(sessionId)
    if (!record) throw noSuchSessionError(sessionId)
    return record
  }

  /**
   * The record a turn starts from. An open session's messages are the ones its own writes
   * committed, so only the stored head is read (a long conversation is not read again per turn);
   * when the stored count differs, something else wrote the session and the whole record is read.
   */
  private async recordForTurn(sessionId: string): Promise<TSessionRecord> {
    const live = await this.live.current(sessionId)
    if (!live) return this.loadRecord(sessionId)
    const head = await this.options.store.loadSessionHead(sessionId)
    if (!head) throw noSuchSessionError(sessionId)
    const { messageCount, ...fields } = head
    const messages = live.committedMessages()
    return messages.length === messageCount ? { ...fields, messages } : this.loadRecord(sessionId)
  }

  private async liveSessionById(sessionId: string): Promise<HostedSession> {
    return this.live.open(await this.loadRecord(sessionId))
  }
}
