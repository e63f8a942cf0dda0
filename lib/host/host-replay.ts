import { createId } from '../core/create-id.ts'
import { StorageError } from '../core/errors.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { IPermissionLists, TPermissionMode } from '../permissions/index.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import { verifyReplayLog, type TReplayVerification } from '../storage/replay-log/hash-chain.ts'
import { exportReplayLogJsonl, importReplayLogJsonl } from '../storage/replay-log/replay-jsonl.ts'
import type { ISessionStore, TSessionRecord, TSessionSummary } from '../storage/session-store.ts'
import { toSessionSummary } from '../storage/session-summary.ts'
import { toImportedSessionRecord } from './imported-session.ts'
import { noSuchSessionError } from './no-such-session.ts'
import type { TImportReplayOptions } from './port/host-replay-archive.ts'
import { rerunReplay, type TReplayRerunReport } from '../session/replay-rerun.ts'

/** What a host's replay side works through. */
export type THostReplayPorts = {
  store: ISessionStore
  /** @throws when there is no such session. */
  loadRecord: (sessionId: string) => Promise<TSessionRecord>
  /** Makes a sandbox seeded with the workspace, as a new session gets. */
  createSandbox: (sessionId: string) => ISandboxClient | Promise<ISandboxClient>
  permissions?: IPermissionLists
  permissionMode: TPermissionMode
  workspaceRoot: string
}

/**
 * A host's replay logs: JSONL export and import (verified, refused whole when tampered or cut
 * short), chain verification, and offline re-runs in a sandbox of their own.
 */
export class HostReplay {
  constructor(private readonly ports: THostReplayPorts) {}

  async export(sessionId: string): Promise<string> {
    const { name, settings } = await this.ports.loadRecord(sessionId)
    const { store } = this.ports
    // The header says what the store wrote, so a log cut short is refused when imported.
    const head = await store.loadReplayLogHead(sessionId)
    return exportReplayLogJsonl(sessionId, await store.loadReplayLog(sessionId), head, name, settings)
  }

  /** Stores an exported log as a session. @throws when the log does not verify or the session exists. */
  async import(jsonl: string, options: TImportReplayOptions = {}): Promise<TSessionSummary> {
    const imported = importReplayLogJsonl(jsonl)
    const record = toImportedSessionRecord(imported)
    const { store } = this.ports
    if (options.asCopy) return this.importCopy(record, imported.records.map((entry) => entry.event))
    const existing = await store.loadSession(record.id)
    if (existing) {
      throw new StorageError(`Cannot import session "${record.id}": it is already in this store as "${existing.name}". Open it, or import the file as a copy.`, {
        details: { sessionId: record.id }
      })
    }
    await store.importSession(record, imported.records)
    return toSessionSummary(record)
  }

  // The same records under a new id: the chain covers each event's session id, so it is built afresh.
  private async importCopy(original: TSessionRecord, events: readonly TExecutionEventEnvelope[]): Promise<TSessionSummary> {
    const id = createId()
    const record: TSessionRecord = { ...original, id, name: `${original.name} (copy)` }
    await this.ports.store.commit(record, events.map((event) => ({ ...event, sessionId: id })))
    return toSessionSummary(record)
  }

  async verify(sessionId: string): Promise<TReplayVerification> {
    const { store } = this.ports
    // A mistyped id has an empty log, which would verify: it is refused as every other call refuses it.
    if (!(await store.loadSessionHead(sessionId))) throw noSuchSessionError(sessionId)
    const head = await store.loadReplayLogHead(sessionId)
    return verifyReplayLog(await store.loadReplayLog(sessionId), head)
  }

  /** Re-runs the stored session offline and reports whether it rebuilt the same history. */
  async rerun(sessionId: string): Promise<TReplayRerunReport> {
    const { ports } = this
    await ports.loadRecord(sessionId)
    const events = await ports.store.loadEvents(sessionId)
    // A sandbox of its own, fresh from the workspace, so the re-run never touches the session's files.
    const sandbox = await ports.createSandbox(`${sessionId}:rerun`)
    try {
      return await rerunReplay({
        events,
        sandbox,
        ...(ports.permissions ? { permissions: ports.permissions } : {}),
        permissionMode: ports.permissionMode,
        workspaceRoot: ports.workspaceRoot
      })
    } finally {
      await sandbox.dispose?.()
    }
  }
}
