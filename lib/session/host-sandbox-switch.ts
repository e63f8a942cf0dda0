import type { IAIProvider } from '../core/provider.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import type { TSessionRecord } from '../storage/session-store.ts'
import type { THostEvent, TSandboxChoice, TSandboxSwitch } from './agent-host.ts'
import { createLiveSession, type TLiveSession, type TLiveSessionParts } from './live-session.ts'
import type { SessionSandboxes } from './session-sandboxes.ts'
import { copyWorkspaceFiles } from './workspace-copy.ts'

/** One switch of a live session to another sandbox. */
export type TSandboxSwitchParts = {
  record: TSessionRecord
  current: TLiveSession
  choice: TSandboxChoice
  sandboxes: SessionSandboxes
  workspaceRoot: string
  provider: IAIProvider
  /** The parts of a live session around a given sandbox (permission handler, hooks, system message). */
  partsFor: (sandbox: ISandboxClient) => TLiveSessionParts
  publishNow: (event: THostEvent) => void
}

/**
 * Builds the new sandbox, copies the workspace files into it and returns the live session over
 * it, keeping the permission mode. A sandbox that cannot be built leaves the session on the one
 * it had, which still works; the caller stores the returned session and disposes the old one.
 */
export async function switchSessionSandbox(parts: TSandboxSwitchParts): Promise<{ session: TLiveSession; result: TSandboxSwitch }> {
  const { record, current, choice, publishNow } = parts
  const sessionId = record.id
  publishNow({ kind: 'sandbox_status', sessionId, status: 'loading' })
  let sandbox: ISandboxClient
  try {
    sandbox = await parts.sandboxes.buildEmpty(sessionId, choice)
  } catch (error) {
    publishNow({ kind: 'sandbox_status', sessionId, status: 'ready' })
    throw error
  }
  const copy = await copyWorkspaceFiles(current.sandbox, sandbox, parts.workspaceRoot)
  const session = createLiveSession(record, { ...parts.partsFor(sandbox), permissionMode: current.enforcer.mode })
  parts.sandboxes.choose(sessionId, choice)
  const result: TSandboxSwitch = { kind: choice.kind, filesCopied: copy.filesCopied, ...(copy.filesNotCopied ? { filesNotCopied: copy.filesNotCopied } : {}) }
  return { session, result }
}
