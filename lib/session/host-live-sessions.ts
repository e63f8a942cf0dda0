import type { IAIProvider } from '../core/provider.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import type { ISessionStore, TSessionRecord } from '../storage/session-store.ts'
import type { THostEvent, TSandboxChoice, TSandboxSwitch } from './agent-host.ts'
import { switchSessionSandbox } from './host-sandbox-switch.ts'
import { saveSandboxSnapshot } from './host-workspace-files.ts'
import { createLiveSession, type TLiveSession, type TLiveSessionParts } from './live-session.ts'
import type { SessionAgents } from './session-agents.ts'
import type { SessionSandboxes } from './session-sandboxes.ts'

/** What a host's open sessions are started from. */
export type THostLiveSessionPorts = {
  store: ISessionStore
  sandboxes: SessionSandboxes
  agents: SessionAgents
  workspaceRoot: string
  /** The parts of a live session around a sandbox (permission handler, hooks, system message). */
  partsFor: (sessionId: string, sandbox: ISandboxClient, provider: IAIProvider) => TLiveSessionParts
  publishNow: (event: THostEvent) => void
}

/**
 * The sessions a host holds open: each started once, on first use, in its sandbox restored from
 * the stored snapshot, and moved to another sandbox on request, with `sandbox_status` events
 * telling the page how loading goes.
 */
export class HostLiveSessions {
  private readonly live = new Map<string, Promise<TLiveSession>>()

  constructor(private readonly ports: THostLiveSessionPorts) {}

  /** The live session of `record`, started when it is not open yet. */
  open(record: TSessionRecord): Promise<TLiveSession> {
    let session = this.live.get(record.id)
    if (!session) {
      session = this.start(record)
      this.live.set(record.id, session)
      // A failed start (a sandbox that would not load, say) is retried on the next call.
      session.catch(() => this.live.delete(record.id))
    }
    return session
  }

  /** The session when it is open and started; `undefined` when it is not open or failed to start. */
  async current(sessionId: string): Promise<TLiveSession | undefined> {
    return this.live.get(sessionId)?.catch(() => undefined)
  }

  /** Puts another live session in place (one moved to another sandbox). */
  replace(sessionId: string, session: TLiveSession): void {
    this.live.set(sessionId, Promise.resolve(session))
  }

  /** Stops holding the session at once; resolves with it, once started, so the caller can dispose its sandbox. */
  detach(sessionId: string): Promise<TLiveSession | undefined> {
    const session = this.live.get(sessionId)
    this.live.delete(sessionId)
    return session?.catch(() => undefined) ?? Promise.resolve(undefined)
  }

  /**
   * Moves an idle session to a sandbox of another kind, its workspace files copied over; the old
   * sandbox is disposed and the new one's snapshot stored. A sandbox that cannot be built leaves
   * the session where it was.
   */
  async switchSandbox(record: TSessionRecord, choice: TSandboxChoice): Promise<TSandboxSwitch> {
    const { ports } = this
    const sessionId = record.id
    const current = await this.open(record)
    const provider = await ports.agents.providerFor(record)
    const { session, result } = await switchSessionSandbox({
      record,
      current,
      choice,
      sandboxes: ports.sandboxes,
      workspaceRoot: ports.workspaceRoot,
      provider,
      partsFor: (sandbox) => ports.partsFor(sessionId, sandbox, provider),
      publishNow: ports.publishNow
    })
    this.replace(sessionId, session)
    await current.sandbox.dispose?.().catch(() => undefined)
    await saveSandboxSnapshot(ports.store, sessionId, session.sandbox)
    ports.publishNow({ kind: 'sandbox_status', sessionId, status: 'ready' })
    ports.publishNow({ kind: 'sandbox_switched', sessionId, result })
    return result
  }

  private async start(record: TSessionRecord): Promise<TLiveSession> {
    const { ports } = this
    ports.publishNow({ kind: 'sandbox_status', sessionId: record.id, status: 'loading' })
    try {
      const sandbox = await ports.sandboxes.create(record.id)
      const snapshot = await ports.store.loadSandboxSnapshot(record.id)
      if (snapshot !== undefined && sandbox.restore) await sandbox.restore(snapshot)
      ports.agents.release(record.id)
      const session = createLiveSession(record, ports.partsFor(record.id, sandbox, await ports.agents.providerFor(record)))
      ports.publishNow({ kind: 'sandbox_status', sessionId: record.id, status: 'ready' })
      return session
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      ports.publishNow({ kind: 'sandbox_status', sessionId: record.id, status: 'failed', message })
      throw error
    }
  }
}
