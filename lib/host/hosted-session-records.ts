import type { IAIProvider } from '../core/provider.ts'
import type { TPermissionMode } from '../permissions/index.ts'
import type { TMcpServers } from '../tools/mcp/mcp-server-config.ts'
import type { HostedSession } from './hosted-session.ts'
import type { TProviderChoice } from './port/host-sessions.ts'
import type { TSandboxChoice } from './port/host-workspace-files.ts'

/**
 * What a host keeps of one session in memory, beside what the store keeps: the choices the page
 * made (keys included, which are never stored), and the session while it is open. The choices
 * outlive the open session, which the host lets go of (a close, another tab taking over) and
 * starts again from storage.
 */
export type THostedSessionRecord = {
  /** The provider the page chose (with its key); records keep only the kind and model. */
  providerChoice?: TProviderChoice
  /** The provider the workspace's settings (`provider`) ask for, used while the page has chosen none. */
  workspaceChoice?: TProviderChoice
  /** The provider built from the session's choice, dropped when the session closes. */
  provider?: IAIProvider
  /** The choice `provider` was built from; another choice builds a new one. */
  providerBuiltFrom?: TProviderChoice
  /** A response language chosen with `/language`. */
  language?: string
  /** A sandbox other than the default (E2B, with its key). */
  sandboxChoice?: TSandboxChoice
  /** The permission mode the page or `/mode` chose. */
  permissionMode?: TPermissionMode
  /** MCP servers the page gave (headers included), beside the settings' and the host options' ones. */
  mcpServers?: TMcpServers
  /** The session while it is open (or starting). */
  live?: Promise<HostedSession>
}

/** One record per session a host knows: the single place its per-session state lives. */
export class HostedSessionRecords {
  private readonly records = new Map<string, THostedSessionRecord>()

  /** The session's record, made empty on first use. */
  of(sessionId: string): THostedSessionRecord {
    let record = this.records.get(sessionId)
    if (!record) {
      record = {}
      this.records.set(sessionId, record)
    }
    return record
  }

  /** The session's record if the host has one. */
  peek(sessionId: string): THostedSessionRecord | undefined {
    return this.records.get(sessionId)
  }

  /** A fork talks to the same model, in the same kind of sandbox and mode, as its source. */
  fork(sourceId: string, forkId: string): void {
    const source = this.records.get(sourceId)
    if (!source) return
    const { providerChoice, sandboxChoice, permissionMode, mcpServers } = source
    this.records.set(forkId, {
      ...(providerChoice ? { providerChoice } : {}),
      ...(mcpServers ? { mcpServers } : {}),
      ...(sandboxChoice ? { sandboxChoice } : {}),
      ...(permissionMode ? { permissionMode } : {})
    })
  }

  /** Forgets everything of a deleted session. */
  forget(sessionId: string): void {
    this.records.delete(sessionId)
  }
}
