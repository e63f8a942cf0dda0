import { assertPrompt } from '../core/assert-prompt.ts'
import { SerialByKey } from '../core/serial-by-key.ts'
import { noSuchSessionError } from './no-such-session.ts'
import type { TPermissionMode } from '../permissions/index.ts'
import type { TSandboxDirEntry } from '../../sandbox/sandbox-client.ts'
import type { TReplayVerification } from '../storage/replay-log/hash-chain.ts'
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
import type { HostedSession } from './hosted-session.ts'
import { readTurnOutput } from './turn-output.ts'
import { isMissingKey } from './build-provider-ahead.ts'
import { toRunError } from '../core/run-error.ts'
import { listChoiceModels } from './host-model-listing.ts'
import type { TPermissionAnswer } from '../session/permission-enforcer-types.ts'
import type { TReplayRerunReport } from '../session/replay-rerun.ts'
import { validateSandboxChoice } from './session-sandboxes.ts'
import { listSubagentRuns } from './subagent-runs.ts'
import type { TLocalAgentHostOptions } from './local-agent-host-options.ts'
import { createLocalAgentHostParts, type TLocalAgentHostParts } from './local-agent-host-parts.ts'
import { closeCutTurnsOnFirstRead } from './host-cut-turns.ts'

export type { TLocalAgentHostOptions } from './local-agent-host-options.ts'

/**
 * The agent host running in the current thread: in Node, in tests, or inside the worker. Each
 * open session is the SDK's own session (`HostedSession`), assembled from the workspace in its
 * sandbox as `InteractiveSession` assembles it; the parts beside it (`host-*.ts`) hold sessions'
 * lifecycle, turns, commands, workspace files, replay logs and event delivery together.
 */
export class LocalAgentHost implements IAgentHost {
  private readonly parts: TLocalAgentHostParts
  // Calls that read a session's stored record and write it whole run one at a time per session:
  // two at once would each write back what the other read before its change. A settings read
  // waits its turn too, so it describes what a change asked for just before it made.
  private readonly recordChanges = new SerialByKey()
  // A turn and a delete of its session run one after the other: a stopped turn still stores what it
  // committed, which, stored after the delete, would bring the session back.
  private readonly sessionOrder = new SerialByKey()
  // Awaited before anything reads a session: see `closeInterruptedTurns`.
  private readonly lookAtLastTurn: ((sessionId: string) => Promise<void>) | undefined

  constructor(private readonly options: TLocalAgentHostOptions) {
    this.parts = createLocalAgentHostParts(options, {
      loadRecord: (sessionId) => this.loadRecord(sessionId),
      liveSessionById: (sessionId) => this.liveSessionById(sessionId),
      renameSession: (sessionId, name) => this.renameSession(sessionId, name),
      submit: (sessionId, prompt) => this.submit(sessionId, prompt),
      inOrder: (sessionId, work) => this.recordChanges.run(sessionId, work)
    })
    this.lookAtLastTurn = options.closeInterruptedTurns === false ? undefined : closeCutTurnsOnFirstRead({ ...this.parts, store: options.store })
  }

  createSession(options: TCreateSessionOptions = {}): Promise<TSessionSummary> {
    return this.parts.lifecycle.create(options)
  }

  listSessions(): Promise<TSessionListing> {
    return this.options.store.listSessions()
  }

  renameSession(sessionId: string, name: string): Promise<TSessionSummary> {
    return this.recordChanges.run(sessionId, () => this.parts.lifecycle.rename(sessionId, name))
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.abort(sessionId)
    // A stopped command (a compaction, say) may still be storing what it did: stored after the
    // delete, it would bring the session back.
    await this.parts.turns.whenIdle(sessionId)
    await this.sessionOrder.run(sessionId, () => this.recordChanges.run(sessionId, () => this.parts.lifecycle.delete(sessionId)))
    // Its subagent runs go with it: its turns started them, no person did. Listed once its turn has
    // ended, so no run of it starts or writes afterwards.
    for (const run of await listSubagentRuns(this.options.store, sessionId)) await this.deleteSession(run)
  }

  forkSession(sessionId: string, options: { name?: string } = {}): Promise<TSessionSummary> {
    return this.parts.lifecycle.fork(sessionId, options)
  }

  setProvider(sessionId: string, provider: TProviderChoice): Promise<TSessionSummary> {
    return this.recordChanges.run(sessionId, async () => {
      this.parts.turns.assertIdle(sessionId)
      return this.parts.lifecycle.applyProvider(sessionId, provider)
    })
  }

  getSessionSettings(sessionId: string): Promise<TSessionSettingsView> {
    return this.recordChanges.run(sessionId, () => this.parts.settings.get(sessionId))
  }

  setSessionSettings(sessionId: string, settings: TSessionSettings): Promise<TSessionSettingsView> {
    return this.recordChanges.run(sessionId, () => this.parts.settings.set(sessionId, settings))
  }

  listModels(choice: TProviderChoice): Promise<TModelListing> {
    return listChoiceModels(choice, this.options.createProvider)
  }

  async openSession(sessionId: string, options?: TOpenSessionOptions): Promise<TSessionView> {
    await this.lookAtLastTurn?.(sessionId)
    return this.parts.lifecycle.open(sessionId, options)
  }

  loadEarlierMessages(sessionId: string, beforeIndex: number, count: number): Promise<TMessagePage> {
    return this.parts.lifecycle.loadEarlierMessages(sessionId, beforeIndex, count)
  }

  loadEarlierEvents(sessionId: string, beforeSeq: number, count: number): Promise<TEventPage> {
    return this.parts.lifecycle.loadEarlierEvents(sessionId, beforeSeq, count)
  }

  closeSession(sessionId: string): Promise<void> {
    return this.parts.lifecycle.close(sessionId)
  }

  async submit(sessionId: string, prompt: string, options?: TSubmitOptions): Promise<TTurnResult> {
    assertPrompt('submit()', prompt)
    const output = readTurnOutput(options)
    // Registered before anything is awaited, so an abort sent right after submit is not lost.
    const signal = this.parts.turns.begin(sessionId)
    return this.sessionOrder.run(sessionId, async () => {
      try {
        const record = await this.recordForTurn(sessionId)
        const hosted = await this.parts.live.open(record)
        return await hosted.runTurn(record, prompt, signal, output)
      } catch (error) {
        // The session's provider wants a key the page has yet to give: the turn fails as a provider's
        // failure does, resolved with it; nothing ran or was stored, so `turn_failed` tells listeners.
        if (!isMissingKey(error)) throw error
        this.parts.events.publish({ kind: 'turn_failed', sessionId, message: error.message, code: error.code })
        return { response: '', interrupted: false, toolsExecuted: [], error: toRunError(error) }
      } finally {
        this.parts.turns.end(sessionId)
        this.parts.permissions.denyAll(sessionId)
        await this.parts.events.flush()
      }
    })
  }

  /** Every session here is this host's to drive: nothing to take over. */
  async takeOver(sessionId: string): Promise<void> {
    await this.loadRecord(sessionId)
  }

  async abort(sessionId: string): Promise<void> {
    this.parts.turns.abort(sessionId)
    this.parts.permissions.denyAll(sessionId)
  }

  async answerPermission(sessionId: string, requestId: string, answer: TPermissionAnswer): Promise<void> {
    this.parts.permissions.answer(sessionId, requestId, answer)
  }

  async setPermissionMode(sessionId: string, mode: TPermissionMode): Promise<void> {
    await this.loadRecord(sessionId)
    this.parts.modes.set(sessionId, mode)
    ;(await this.parts.live.current(sessionId))?.session.setPermissionMode(mode)
  }

  listFiles(sessionId: string, path: string): Promise<TSandboxDirEntry[]> {
    return this.parts.files.list(sessionId, path)
  }

  readFile(sessionId: string, path: string): Promise<string> {
    return this.parts.files.read(sessionId, path)
  }

  async writeFile(sessionId: string, path: string, content: string | Uint8Array): Promise<void> {
    await this.parts.files.write(sessionId, path, content)
    await this.rereadWorkspace(sessionId)
  }

  /** Hydrates the session's sandbox; the session is busy meanwhile, and `abort` stops it. */
  async applyManifest(sessionId: string, manifest: unknown): Promise<TManifestApplication> {
    const signal = this.parts.turns.begin(sessionId)
    try {
      return await this.parts.files.applyManifest(sessionId, manifest, signal)
    } finally {
      this.parts.turns.end(sessionId)
      await this.rereadWorkspace(sessionId).catch(() => undefined)
    }
  }

  exportReplay(sessionId: string): Promise<string> {
    return this.parts.replay.export(sessionId)
  }

  importReplay(jsonl: string, options?: TImportReplayOptions): Promise<TSessionSummary> {
    return this.parts.replay.import(jsonl, options)
  }

  verifyReplay(sessionId: string): Promise<TReplayVerification> {
    return this.parts.replay.verify(sessionId)
  }

  rerunReplay(sessionId: string): Promise<TReplayRerunReport> {
    return this.parts.replay.rerun(sessionId)
  }

  listCommands(sessionId: string): Promise<ICommand[]> {
    return this.parts.commands.list(sessionId)
  }

  executeCommand(sessionId: string, line: string): Promise<TCommandOutcome> {
    return this.parts.commands.execute(sessionId, line)
  }

  async setSandbox(sessionId: string, choice: TSandboxChoice): Promise<TSandboxSwitch> {
    const wanted = validateSandboxChoice(choice)
    return this.recordChanges.run(sessionId, async () => {
      this.parts.turns.assertIdle(sessionId)
      return this.parts.live.switchSandbox(await this.loadRecord(sessionId), wanted)
    })
  }

  setMcpServers(sessionId: string, servers: TMcpServers): Promise<void> {
    return this.recordChanges.run(sessionId, async () => {
      const record = await this.loadRecord(sessionId)
      this.parts.turns.assertIdle(sessionId)
      this.parts.records.of(sessionId).mcpServers = { ...servers }
      await this.parts.live.rebuild(record)
    })
  }

  async listMcpServers(sessionId: string): Promise<TMcpServerStatus[]> {
    return (await this.liveSessionById(sessionId)).mcpServers()
  }

  searchPlugins(query: TMarketplaceQuery & { source: string }): Promise<TMarketplaceSearch> {
    return this.parts.plugins.search(query)
  }

  async installPlugin(sessionId: string, request: TPluginInstallRequest): Promise<TPluginView[]> {
    await this.loadRecord(sessionId)
    return this.parts.plugins.install(sessionId, request)
  }

  async listPlugins(sessionId: string): Promise<TPluginView[]> {
    await this.loadRecord(sessionId)
    return this.parts.plugins.list(sessionId)
  }

  async setPluginEnabled(sessionId: string, scope: TPluginScope, name: string, enabled: boolean): Promise<TPluginView[]> {
    await this.loadRecord(sessionId)
    return this.parts.plugins.setEnabled(sessionId, scope, name, enabled)
  }

  async uninstallPlugin(sessionId: string, scope: TPluginScope, name: string): Promise<TPluginView[]> {
    await this.loadRecord(sessionId)
    return this.parts.plugins.uninstall(sessionId, scope, name)
  }

  async subscribe(listener: THostEventListener): Promise<number> {
    return this.parts.events.subscribe(listener)
  }

  async unsubscribe(subscriptionId: number): Promise<void> {
    this.parts.events.unsubscribe(subscriptionId)
  }

  /**
   * Files the page put in (an upload, a manifest) may be settings, AGENTS.md, skills or agents:
   * an idle session is assembled again from its workspace, so its next turn follows them.
   */
  private async rereadWorkspace(sessionId: string): Promise<void> {
    if (!this.parts.turns.isRunning(sessionId)) await this.parts.live.rebuild(await this.loadRecord(sessionId))
  }

  private async loadRecord(sessionId: string): Promise<TSessionRecord> {
    await this.lookAtLastTurn?.(sessionId)
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
    const live = await this.parts.live.current(sessionId)
    if (!live) return this.loadRecord(sessionId)
    const head = await this.options.store.loadSessionHead(sessionId)
    if (!head) throw noSuchSessionError(sessionId)
    const { messageCount, ...fields } = head
    const messages = live.committedMessages()
    return messages.length === messageCount ? { ...fields, messages } : this.loadRecord(sessionId)
  }

  private async liveSessionById(sessionId: string): Promise<HostedSession> {
    return this.parts.live.open(await this.loadRecord(sessionId))
  }
}
