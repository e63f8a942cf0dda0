import { ValidationError } from '../lib/core/errors.ts'
import type { TPermissionMode } from '../lib/permissions/index.ts'
import type { ICommand } from '../lib/session/commands/command-types.ts'
import type {
  IAgentHost,
  TCommandOutcome,
  TCreateSessionOptions,
  THostEvent,
  THostEventListener,
  TImportReplayOptions,
  TManifestApplication,
  TMcpServers,
  TMarketplaceQuery,
  TMarketplaceSearch,
  TPluginInstallRequest,
  TPluginScope,
  TPluginView,
  TMcpServerStatus,
  TModelListing,
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
} from '../lib/host/agent-host.ts'
import type { TPermissionAnswer } from '../lib/session/permission-enforcer-types.ts'
import type { TReplayRerunReport } from '../lib/session/replay-rerun.ts'
import type { TReplayVerification } from '../lib/storage/replay-log/hash-chain.ts'
import type { ISessionStore, TSessionListing, TSessionSummary } from '../lib/storage/session-store.ts'
import type { TSandboxDirEntry } from '../sandbox/sandbox-client.ts'
import { HostEventFanout } from './host-event-fanout.ts'
import { closeInterruptedTurn } from '../lib/session/interrupted-turn.ts'
import { SessionBroadcast, type TSessionBroadcastChannel } from './session-broadcast.ts'
import { turnLockName, type ISessionLocks } from './session-locks.ts'
import { SessionOwnership, type TClaim } from './session-ownership.ts'

/** What the multi-tab host wraps and coordinates through. */
export type TMultiTabAgentHostOptions = {
  /** The host that runs sessions (a `LocalAgentHost`). */
  host: IAgentHost
  /** Its store, to close off turns a lost driver left unfinished. */
  store: ISessionStore
  locks: ISessionLocks
  /** Where owners publish their sessions' events and followers hear them; none in Node. */
  broadcast?: TSessionBroadcastChannel
  /** How long `takeOver` waits for the driving tab to hand a session over. Default 10 s. */
  takeOverTimeoutMs?: number
}

const TAKE_OVER_TIMEOUT_MS = 10_000

/**
 * An agent host that is safe to open in several tabs at once: each session is driven by one
 * host (the one holding its Web Lock); the others open it read-only, follow its events over a
 * BroadcastChannel and take over when the owner closes it or dies. Whenever this host starts to
 * drive a session it first closes off a turn the previous driver left unfinished.
 */
export class MultiTabAgentHost implements IAgentHost {
  private readonly inner: IAgentHost
  private readonly ownership: SessionOwnership
  private readonly fanout = new HostEventFanout()
  private readonly broadcast: SessionBroadcast | undefined
  /** How to end the hold on each subagent run this host drives while it runs. */
  private readonly runEnds = new Map<string, () => void>()
  /** Take-overs waiting for this host to drive their session. */
  private readonly claimWaiters = new Map<string, Set<() => void>>()

  constructor(private readonly options: TMultiTabAgentHostOptions) {
    this.inner = options.host
    this.ownership = new SessionOwnership(
      options.locks,
      (sessionId, claim) => this.claimed(sessionId, claim),
      (sessionId) => this.handedOver(sessionId)
    )
    this.broadcast =
      options.broadcast &&
      new SessionBroadcast(
        options.broadcast,
        this.ownership,
        (events) => void this.fanout.deliver(events),
        (sessionId) => void this.handOver(sessionId)
      )
    void this.inner.subscribe((events) => this.fromInner(events))
  }

  createSession(options?: TCreateSessionOptions): Promise<TSessionSummary> {
    return this.inner.createSession(options)
  }

  listSessions(): Promise<TSessionListing> {
    return this.inner.listSessions()
  }

  renameSession(sessionId: string, name: string): Promise<TSessionSummary> {
    return this.ownership.whileOwner(sessionId, () => this.inner.renameSession(sessionId, name))
  }

  deleteSession(sessionId: string): Promise<void> {
    return this.ownership.whileOwner(sessionId, () => this.inner.deleteSession(sessionId))
  }

  forkSession(sessionId: string, options?: { name?: string }): Promise<TSessionSummary> {
    return this.inner.forkSession(sessionId, options)
  }

  setProvider(sessionId: string, provider: TProviderChoice): Promise<TSessionSummary> {
    return this.ownership.whileOwner(sessionId, () => this.inner.setProvider(sessionId, provider))
  }

  /** Reading settings starts the session's assembly: only the tab that drives it does. */
  getSessionSettings(sessionId: string): Promise<TSessionSettingsView> {
    return this.ownership.whileOwner(sessionId, () => this.inner.getSessionSettings(sessionId))
  }

  setSessionSettings(sessionId: string, settings: TSessionSettings): Promise<TSessionSettingsView> {
    return this.ownership.whileOwner(sessionId, () => this.inner.setSessionSettings(sessionId, settings))
  }

  /** Touches no session: any tab lists models. */
  listModels(choice: TProviderChoice): Promise<TModelListing> {
    return this.inner.listModels(choice)
  }

  async openSession(sessionId: string, options?: TOpenSessionOptions): Promise<TSessionView> {
    const { readOnly } = await this.ownership.open(sessionId)
    const pendingPermissions = readOnly ? await this.broadcast?.following(sessionId) : undefined
    const view = await this.inner.openSession(sessionId, options)
    if (!readOnly) return view
    const running = await this.options.locks.isHeld(turnLockName(sessionId))
    return { ...view, readOnly, running, ...(running && pendingPermissions?.length ? { pendingPermissions } : {}) }
  }

  /** Reads stored messages only: any tab pages them, driving the session or following it. */
  loadEarlierMessages(sessionId: string, beforeIndex: number, count: number): Promise<TMessagePage> {
    return this.inner.loadEarlierMessages(sessionId, beforeIndex, count)
  }

  loadEarlierEvents(sessionId: string, beforeSeq: number, count: number): Promise<TEventPage> {
    return this.inner.loadEarlierEvents(sessionId, beforeSeq, count)
  }

  async closeSession(sessionId: string): Promise<void> {
    if (await this.ownership.close(sessionId)) await this.inner.closeSession(sessionId)
  }

  async takeOver(sessionId: string): Promise<void> {
    if (this.ownership.isOwner(sessionId)) return
    if (!this.ownership.isFollowing(sessionId)) throw new ValidationError(`Session ${sessionId} is not open here: open it before taking it over.`)
    const claimed = this.untilClaimed(sessionId, this.options.takeOverTimeoutMs ?? TAKE_OVER_TIMEOUT_MS)
    this.broadcast?.requestHandover(sessionId)
    await claimed
  }

  submit(sessionId: string, prompt: string, options?: TSubmitOptions): Promise<TTurnResult> {
    return this.ownership.whileOwner(sessionId, async () => {
      // Asked for beside the turn, not before it: the lock only tells followers that a turn runs,
      // and waiting for it would hold the provider request back. A refusal leaves them uninformed.
      const turnLock = this.options.locks.tryAcquire(turnLockName(sessionId)).catch(() => undefined)
      try {
        return await this.inner.submit(sessionId, prompt, options)
      } finally {
        ;(await turnLock)?.release()
        // The page closed the session while the turn ran: free what the turn kept alive.
        if (!this.ownership.isOpen(sessionId)) await this.inner.closeSession(sessionId)
      }
    })
  }

  abort(sessionId: string): Promise<void> {
    return this.ownerOnly(sessionId, () => this.inner.abort(sessionId))
  }

  answerPermission(sessionId: string, requestId: string, answer: TPermissionAnswer): Promise<void> {
    return this.ownerOnly(sessionId, () => this.inner.answerPermission(sessionId, requestId, answer))
  }

  /** Also while another tab drives the session: the mode is this host's, for its own turns. */
  setPermissionMode(sessionId: string, mode: TPermissionMode): Promise<void> {
    return this.inner.setPermissionMode(sessionId, mode)
  }

  /** Also while another tab drives the session: the servers are this host's, for when it drives. */
  setMcpServers(sessionId: string, servers: TMcpServers): Promise<void> {
    return this.inner.setMcpServers(sessionId, servers)
  }

  /**
   * None unless this tab drives the session: its servers are connected in the tab that does, and
   * asking before the session is open here would assemble it in a tab that may only follow it.
   */
  async listMcpServers(sessionId: string): Promise<TMcpServerStatus[]> {
    return this.ownership.isOwner(sessionId) ? this.inner.listMcpServers(sessionId) : []
  }

  searchPlugins(query: TMarketplaceQuery & { source: string }): Promise<TMarketplaceSearch> {
    return this.inner.searchPlugins(query)
  }

  /** Changes go through the tab that drives the session, which writes its workspace and reassembles it. */
  installPlugin(sessionId: string, request: TPluginInstallRequest): Promise<TPluginView[]> {
    return this.ownership.whileOwner(sessionId, () => this.inner.installPlugin(sessionId, request))
  }

  /**
   * None unless this tab drives the session: the project's bundles are in the sandbox of the tab
   * that does, and asking here would assemble the session in a tab that may only follow it.
   */
  async listPlugins(sessionId: string): Promise<TPluginView[]> {
    return this.ownership.isOwner(sessionId) ? this.inner.listPlugins(sessionId) : []
  }

  setPluginEnabled(sessionId: string, scope: TPluginScope, name: string, enabled: boolean): Promise<TPluginView[]> {
    return this.ownership.whileOwner(sessionId, () => this.inner.setPluginEnabled(sessionId, scope, name, enabled))
  }

  uninstallPlugin(sessionId: string, scope: TPluginScope, name: string): Promise<TPluginView[]> {
    return this.ownership.whileOwner(sessionId, () => this.inner.uninstallPlugin(sessionId, scope, name))
  }

  listFiles(sessionId: string, path: string): Promise<TSandboxDirEntry[]> {
    return this.inner.listFiles(sessionId, path)
  }

  readFile(sessionId: string, path: string): Promise<string> {
    return this.inner.readFile(sessionId, path)
  }

  writeFile(sessionId: string, path: string, content: string | Uint8Array): Promise<void> {
    return this.ownership.whileOwner(sessionId, () => this.inner.writeFile(sessionId, path, content))
  }

  applyManifest(sessionId: string, manifest: unknown): Promise<TManifestApplication> {
    return this.ownership.whileOwner(sessionId, () => this.inner.applyManifest(sessionId, manifest))
  }

  exportReplay(sessionId: string): Promise<string> {
    return this.inner.exportReplay(sessionId)
  }

  importReplay(jsonl: string, options?: TImportReplayOptions): Promise<TSessionSummary> {
    return this.inner.importReplay(jsonl, options)
  }

  verifyReplay(sessionId: string): Promise<TReplayVerification> {
    return this.inner.verifyReplay(sessionId)
  }

  rerunReplay(sessionId: string): Promise<TReplayRerunReport> {
    return this.inner.rerunReplay(sessionId)
  }

  listCommands(sessionId: string): Promise<ICommand[]> {
    return this.inner.listCommands(sessionId)
  }

  executeCommand(sessionId: string, line: string): Promise<TCommandOutcome> {
    // A command may change the session (compact, clear, a skill's turn): only its driver runs one.
    return this.ownership.whileOwner(sessionId, () => this.inner.executeCommand(sessionId, line))
  }

  setSandbox(sessionId: string, choice: TSandboxChoice): Promise<TSandboxSwitch> {
    return this.ownership.whileOwner(sessionId, () => this.inner.setSandbox(sessionId, choice))
  }

  async subscribe(listener: THostEventListener): Promise<number> {
    return this.fanout.add(listener)
  }

  async unsubscribe(subscriptionId: number): Promise<void> {
    this.fanout.remove(subscriptionId)
  }

  /** Stops listening to other tabs; locks go with the worker (or with `closeSession`). */
  dispose(): void {
    this.broadcast?.close()
  }

  private fromInner(events: THostEvent[]): Promise<void> {
    for (const event of events) this.driveRun(event)
    this.broadcast?.publish(events)
    // Returned, so the inner host's batches wait for the page: back-pressure reaches the turn.
    return this.fanout.deliver(events)
  }

  // A subagent run a turn here starts is driven here until it ends, as a turn is: another tab that
  // opens it follows it (shown running) instead of starting it beside that turn, and one that takes
  // it over gets it once it has stopped and stored what it did.
  private driveRun(event: THostEvent): void {
    if (event.kind === 'turn_started' && !this.ownership.isOwner(event.sessionId)) {
      const { sessionId } = event
      // Made now: a run may end before this host holds it.
      const ended = new Promise<void>((end) => this.runEnds.set(sessionId, end))
      void this.ownership
        .whileOwner(sessionId, async () => {
          const turnLock = await this.options.locks.tryAcquire(turnLockName(sessionId)).catch(() => undefined)
          await ended
          turnLock?.release()
        })
        .catch(() => undefined)
    } else if (event.kind === 'turn_finished' || event.kind === 'turn_failed') {
      this.runEnds.get(event.sessionId)?.()
      this.runEnds.delete(event.sessionId)
    }
  }

  private async ownerOnly(sessionId: string, work: () => Promise<void>): Promise<void> {
    // Only the driving tab has a turn or a prompt to act on; a follower has nothing to stop.
    if (this.ownership.isFollowing(sessionId)) return
    await work()
  }

  /** Another tab asked for a session this host drives: its turn stops, and the session goes. */
  private async handOver(sessionId: string): Promise<void> {
    await this.inner.abort(sessionId)
    await this.ownership.handOver(sessionId)
  }

  private handedOver(sessionId: string): void {
    void this.broadcast?.following(sessionId)
    void this.fanout.deliver([{ kind: 'session_access', sessionId, readOnly: true }])
  }

  private untilClaimed(sessionId: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiters = this.claimWaiters.get(sessionId) ?? new Set()
      this.claimWaiters.set(sessionId, waiters)
      const done = () => {
        clearTimeout(timer)
        waiters.delete(done)
        if (waiters.size === 0) this.claimWaiters.delete(sessionId)
      }
      const timer = setTimeout(() => {
        done()
        reject(new ValidationError(`The tab driving session ${sessionId} did not hand it over within ${Math.round(timeoutMs / 1000)} s; this tab takes over when that one closes it.`))
      }, timeoutMs)
      waiters.add(() => {
        done()
        resolve()
      })
    })
  }

  private async claimed(sessionId: string, claim: TClaim): Promise<void> {
    this.broadcast?.owning(sessionId)
    // What this host cached of the session may predate another tab's turns: start from storage.
    await this.inner.closeSession(sessionId)
    // A subagent run whose parent's turn runs (in any tab) is that turn's to finish.
    const repaired = await closeInterruptedTurn(this.options.store, sessionId, (parent) => this.options.locks.isHeld(turnLockName(parent)))
    const notices: THostEvent[] = repaired.map((event) => ({ kind: 'replay', event }))
    if (repaired.length > 0) notices.push({ kind: 'turn_interrupted', sessionId, reason: 'driver_lost' })
    if (claim === 'took_over') notices.push({ kind: 'session_access', sessionId, readOnly: false })
    for (const resolve of [...(this.claimWaiters.get(sessionId) ?? [])]) resolve()
    // Not awaited: a listener may call back into this session, whose claim is still settling.
    void this.fanout.deliver(notices)
  }
}
