import type { TPermissionMode } from '../lib/permissions/index.ts'
import type { IAgentHost, THostEvent, TMcpServers, TProviderChoice, TSandboxChoice } from '../lib/host/agent-host.ts'

/**
 * What the page told the worker that lives only in the worker's memory: which sessions are open,
 * which turns run, provider choices with their keys, permission modes, the page's MCP servers
 * with their headers. A restarted worker starts
 * empty, so the client keeps this copy and tells the new worker again.
 */
export class SessionMemory {
  private readonly open = new Map<string, number>()
  private readonly running = new Map<string, number>()
  private readonly providers = new Map<string, TProviderChoice>()
  private readonly permissionModes = new Map<string, TPermissionMode>()
  private readonly sandboxes = new Map<string, TSandboxChoice>()
  private readonly mcpServers = new Map<string, TMcpServers>()
  /** Per session the page heard of: whether this page's worker follows it read-only (`true`) or drives it. */
  private readonly readOnly = new Map<string, boolean>()
  /** Sessions the host said a turn started in and has not said it ended: subagent runs too, which no submit of this page began. */
  private readonly announced = new Set<string>()

  /** The page opened a session. */
  opened(sessionId: string): void {
    this.open.set(sessionId, (this.open.get(sessionId) ?? 0) + 1)
  }

  /** The page closed a session (one view of it: a session can be open in several). */
  closed(sessionId: string): void {
    const count = (this.open.get(sessionId) ?? 1) - 1
    if (count > 0) this.open.set(sessionId, count)
    else this.open.delete(sessionId)
  }

  /**
   * What the host said: whether this page's worker drives a session or follows another tab's
   * (`session_access`), and that a turn in it started or ended (`turn_finished`, `turn_failed`,
   * `turn_interrupted`).
   */
  heard(event: THostEvent): void {
    if (event.kind === 'session_access') this.readOnly.set(event.sessionId, event.readOnly)
    else if (event.kind === 'turn_started') this.announced.add(event.sessionId)
    else if (event.kind === 'turn_finished' || event.kind === 'turn_failed' || event.kind === 'turn_interrupted') this.announced.delete(event.sessionId)
  }

  /** A session is gone. */
  deleted(sessionId: string): void {
    this.open.delete(sessionId)
    this.providers.delete(sessionId)
    this.permissionModes.delete(sessionId)
    this.sandboxes.delete(sessionId)
    this.mcpServers.delete(sessionId)
  }

  /** A session talks to `choice`. Kept when it holds what storage does not: a key or a base URL. */
  providerChosen(sessionId: string, choice: TProviderChoice): void {
    if (choice.apiKey || choice.baseURL) this.providers.set(sessionId, choice)
    else this.providers.delete(sessionId)
  }

  /** A fork inherits the provider, sandbox and MCP server choices of its source, as the host does. */
  forked(sourceId: string, forkId: string): void {
    const choice = this.providers.get(sourceId)
    if (choice) this.providers.set(forkId, choice)
    const sandbox = this.sandboxes.get(sourceId)
    if (sandbox) this.sandboxes.set(forkId, sandbox)
    const servers = this.mcpServers.get(sourceId)
    if (servers) this.mcpServers.set(forkId, servers)
  }

  /** A session moved to another sandbox kind (an E2B key with it, which only memory holds). */
  sandboxChosen(sessionId: string, choice: TSandboxChoice): void {
    if (choice.kind === 'in-memory') this.sandboxes.delete(sessionId)
    else this.sandboxes.set(sessionId, choice)
  }

  /** The page gave a session its MCP servers (none forgets them). */
  mcpServersSet(sessionId: string, servers: TMcpServers): void {
    if (Object.keys(servers).length > 0) this.mcpServers.set(sessionId, servers)
    else this.mcpServers.delete(sessionId)
  }

  /** A session's permission mode changed. */
  permissionModeSet(sessionId: string, mode: TPermissionMode): void {
    this.permissionModes.set(sessionId, mode)
  }

  /** A turn of the session was submitted. */
  turnStarted(sessionId: string): void {
    this.running.set(sessionId, (this.running.get(sessionId) ?? 0) + 1)
  }

  /** A submitted turn answered (or was reported interrupted). */
  turnEnded(sessionId: string): void {
    const count = (this.running.get(sessionId) ?? 1) - 1
    if (count > 0) this.running.set(sessionId, count)
    else this.running.delete(sessionId)
  }

  /**
   * Sessions with a turn submitted and not yet answered, or started and not yet ended in a session
   * this page's worker drives (a subagent run its turn started): a session another tab drives
   * goes on there.
   */
  turnsInFlight(): string[] {
    const inFlight = new Set(this.running.keys())
    for (const sessionId of this.announced) if (!this.readOnly.get(sessionId)) inFlight.add(sessionId)
    return [...inFlight]
  }

  /**
   * Tells a new host what the old one knew: it reopens the open sessions (and briefly the ones
   * whose turn was cut, so the host closes that turn off in storage), then restores provider
   * choices, permission modes, MCP servers and sandbox choices (the new worker copies the restored files into
   * a new E2B sandbox). A session another tab drives refuses; that is left as is.
   */
  async restore(host: IAgentHost, interrupted: readonly string[]): Promise<void> {
    const reclaim = (sessionId: string) => this.readOnly.get(sessionId) === false || interrupted.includes(sessionId)
    for (const [sessionId, count] of this.open) {
      for (let view = 0; view < count; view++) {
        const opened = await host.openSession(sessionId).catch(() => undefined)
        if (view === 0 && opened?.readOnly && reclaim(sessionId)) await waitToDrive(host, sessionId)
      }
    }
    for (const sessionId of interrupted) {
      if (this.open.has(sessionId)) continue
      const opened = await host.openSession(sessionId).catch(() => undefined)
      if (opened?.readOnly) await waitToDrive(host, sessionId)
      await host.closeSession(sessionId).catch(() => undefined)
    }
    for (const [sessionId, choice] of this.providers) await host.setProvider(sessionId, choice).catch(() => undefined)
    for (const [sessionId, mode] of this.permissionModes) await host.setPermissionMode(sessionId, mode).catch(() => undefined)
    for (const [sessionId, servers] of this.mcpServers) await host.setMcpServers(sessionId, servers).catch(() => undefined)
    for (const [sessionId, choice] of this.sandboxes) await host.setSandbox(sessionId, choice).catch(() => undefined)
  }
}

/** How long a new worker waits for the old one's locks: browsers end a stuck worker within ~2 s. */
const RECLAIM_TIMEOUT_MS = 5_000

/**
 * Waits until the new host drives a session its dead predecessor held: the browser frees the
 * dead worker's locks only once it has really ended it. Gives up quietly after a while (another
 * tab may have taken the session over meanwhile, and then it stays read-only here).
 */
async function waitToDrive(host: IAgentHost, sessionId: string): Promise<void> {
  const deadline = Date.now() + RECLAIM_TIMEOUT_MS
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const view = await host.openSession(sessionId).catch(() => undefined)
    await host.closeSession(sessionId).catch(() => undefined)
    if (view && !view.readOnly) return
  }
}
