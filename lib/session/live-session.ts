import type { IAIProvider } from '../core/provider.ts'
import type { ITool } from '../core/tool.ts'
import { Robota } from '../core/robota.ts'
import type { THooksConfig } from '../hooks/index.ts'
import type { IPermissionLists, TPermissionMode } from '../permissions/index.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import type { TSessionRecord } from '../storage/session-store.ts'
import { PermissionEnforcer } from './permission-enforcer.ts'
import type { TPermissionHandler } from './permission-enforcer-types.ts'
import { createSandboxTools } from './sandbox-tools.ts'

/** A session while it is open in a host: its sandbox, its permission gate and its agent. */
export type TLiveSession = { sandbox: ISandboxClient; enforcer: PermissionEnforcer; agent: Robota }

/** What building a live session needs besides the record. */
export type TLiveSessionParts = {
  sandbox: ISandboxClient
  provider: IAIProvider
  permissionHandler: TPermissionHandler
  permissionMode: TPermissionMode
  permissions: IPermissionLists | undefined
  hooks: THooksConfig | undefined
  systemMessage: string
  workspaceRoot: string
  /** How long a model call may stream nothing before it fails; no limit when left out. */
  idleTimeoutMs?: number
  /** The app's own tools, offered beside the sandbox tools and gated the same way. */
  tools?: readonly ITool[]
}

/** Builds the permission gate and the agent of a session around its sandbox. */
export function createLiveSession(record: TSessionRecord, parts: TLiveSessionParts): TLiveSession {
  const enforcer = new PermissionEnforcer({
    mode: parts.permissionMode,
    ...(parts.permissions ? { permissions: parts.permissions } : {}),
    ...(parts.hooks ? { hooks: parts.hooks } : {}),
    permissionHandler: parts.permissionHandler,
    sandbox: parts.sandbox,
    sessionId: record.id,
    cwd: parts.workspaceRoot
  })
  return { sandbox: parts.sandbox, enforcer, agent: createSessionAgent(record, parts.provider, parts.sandbox, enforcer, parts.systemMessage, parts.workspaceRoot, parts.idleTimeoutMs, parts.tools) }
}

/** The agent of a session, continuing its committed history and its replay sequence. */
export function createSessionAgent(
  record: TSessionRecord,
  provider: IAIProvider,
  sandbox: ISandboxClient,
  enforcer: PermissionEnforcer,
  systemMessage: string,
  workspaceRoot: string,
  idleTimeoutMs?: number,
  tools: readonly ITool[] = []
): Robota {
  return new Robota({
    name: record.name,
    sessionId: record.id,
    aiProviders: [provider],
    defaultModel: { provider: provider.name, model: record.model },
    systemMessage,
    tools: enforcer.wrapAll([...createSandboxTools(sandbox, workspaceRoot), ...tools]),
    history: record.messages,
    firstEventSeq: record.nextEventSeq,
    ...(idleTimeoutMs === undefined ? {} : { timeout: idleTimeoutMs })
  })
}
