import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import type { ISessionStore, TSessionRecord } from '../storage/session-store.ts'
import type { THostEvent, TSandboxChoice, TSandboxSwitch } from './agent-host.ts'
import type { HostedSession } from './hosted-session.ts'
import type { HostedSessionRecords } from './hosted-session-records.ts'
import { buildSwitchedSandbox } from './host-sandbox-switch.ts'
import { saveSandboxSnapshot } from './host-workspace-files.ts'
import type { SessionSandboxes } from './session-sandboxes.ts'
import { describeError } from '../core/describe-error.ts'

/** What a host's open sessions are started from. */
export type THostLiveSessionPorts = {
  store: ISessionStore
  sandboxes: SessionSandboxes
  workspaceRoot: string
  /**
   * Assembles the SDK session of `record` over `sandbox`; `sessionStart` says whether its
   * SessionStart hooks run (an open does, a rebuild over the same workspace does not).
   */
  assemble: (record: TSessionRecord, sandbox: ISandboxClient, sessionStart: boolean) => Promise<HostedSession>
  publishNow: (event: THostEvent) => void
  records: HostedSessionRecords
  /** @throws ValidationError when the session is busy here (a turn, a command, a subagent run). */
  assertIdle: (sessionId: string) => void
}

/**
 * The sessions a host holds open: each started once, on first use, in its sandbox restored from
 * the stored snapshot, rebuilt when its provider changes, and moved to another sandbox on
 * request, with `sandbox_status` events telling the page how loading goes.
 */
export class HostLiveSessions {
  constructor(private readonly ports: THostLiveSessionPorts) {}

  /**
   * The live session of `record`, started when it is not open yet; refused for a subagent run a
   * turn here is still running (started beside it, its hooks and turns would write the same log).
   */
  async open(record: TSessionRecord): Promise<HostedSession> {
    // Held before anything is awaited, so two calls at once start the session once.
    let session = this.ports.records.peek(record.id)?.live
    if (!session) {
      if (record.parentSessionId !== undefined) this.ports.assertIdle(record.id)
      session = this.start(record)
      this.hold(record.id, session)
    }
    return session
  }

  /** The session when it is open and started; `undefined` when it is not open or failed to start. */
  async current(sessionId: string): Promise<HostedSession | undefined> {
    return this.ports.records.peek(sessionId)?.live?.catch(() => undefined)
  }

  /** Assembles an open session again over its sandbox (a new provider, say); a closed one starts anew when next used. */
  async rebuild(record: TSessionRecord): Promise<void> {
    const current = await this.current(record.id)
    if (!current) return
    const next = this.ports.assemble(record, current.sandbox, false).then((built) => keepSessionRules(current, built))
    this.hold(record.id, next)
    // The session assembled anew has connected its MCP servers again; the old one's connections go
    // (also when the new assembly failed: the old session is no longer held either way).
    void next.finally(() => current.dispose()).catch(() => undefined)
  }

  /** Stops holding the session at once; resolves with it, once started, so the caller can dispose its sandbox. */
  detach(sessionId: string): Promise<HostedSession | undefined> {
    const record = this.ports.records.peek(sessionId)
    const session = record?.live
    if (record) delete record.live
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
    const { sandbox, result } = await buildSwitchedSandbox({ sessionId, from: current.sandbox, choice, sandboxes: ports.sandboxes, workspaceRoot: ports.workspaceRoot, publishNow: ports.publishNow })
    const session = await ports.assemble(record, sandbox, false)
    session.session.setPermissionMode(current.session.getPermissionMode())
    keepSessionRules(current, session)
    this.hold(sessionId, Promise.resolve(session))
    await current.dispose()
    await current.sandbox.dispose?.().catch(() => undefined)
    await saveSandboxSnapshot(ports.store, sessionId, session.sandbox)
    ports.publishNow({ kind: 'sandbox_status', sessionId, status: 'ready' })
    ports.publishNow({ kind: 'sandbox_switched', sessionId, result })
    return result
  }

  private hold(sessionId: string, session: Promise<HostedSession>): void {
    const record = this.ports.records.of(sessionId)
    record.live = session
    // A failed start (a sandbox that would not load, say) is retried on the next call.
    session.catch(() => {
      if (record.live === session) delete record.live
    })
  }

  private async start(record: TSessionRecord): Promise<HostedSession> {
    const { ports } = this
    ports.publishNow({ kind: 'sandbox_status', sessionId: record.id, status: 'loading' })
    let sandbox: ISandboxClient | undefined
    try {
      sandbox = await ports.sandboxes.create(record.id)
      const snapshot = await ports.store.loadSandboxSnapshot(record.id)
      if (snapshot !== undefined && sandbox.restore) await sandbox.restore(snapshot)
      const session = await ports.assemble(record, sandbox, true)
      ports.publishNow({ kind: 'sandbox_status', sessionId: record.id, status: 'ready' })
      return session
    } catch (error) {
      // The next call starts over with a sandbox of its own: this one (a cloud VM, say) is let go.
      await sandbox?.dispose?.().catch(() => undefined)
      const message = describeError(error)
      ports.publishNow({ kind: 'sandbox_status', sessionId: record.id, status: 'failed', message })
      throw error
    }
  }
}

/** What the user allowed "for this session" holds in the session assembled again. */
function keepSessionRules(from: HostedSession, to: HostedSession): HostedSession {
  const enforcer = to.session.getPermissionEnforcer()
  for (const rule of from.session.getPermissionEnforcer().getSessionRules()) enforcer.addSessionRule(rule)
  return to
}
