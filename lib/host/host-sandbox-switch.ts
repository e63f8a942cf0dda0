import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import type { THostEvent, TSandboxChoice, TSandboxSwitch } from './agent-host.ts'
import type { SessionSandboxes } from './session-sandboxes.ts'
import { copyWorkspaceFiles } from './workspace-copy.ts'

/** One switch of a session to another sandbox. */
export type TSandboxSwitchParts = {
  sessionId: string
  /** The sandbox the session works in now. */
  from: ISandboxClient
  choice: TSandboxChoice
  sandboxes: SessionSandboxes
  workspaceRoot: string
  publishNow: (event: THostEvent) => void
}

/**
 * Builds the new sandbox and copies the workspace files into it. A sandbox that cannot be built
 * leaves the session on the one it had, which still works; the caller assembles the session over
 * the returned sandbox and disposes the old one.
 */
export async function buildSwitchedSandbox(parts: TSandboxSwitchParts): Promise<{ sandbox: ISandboxClient; result: TSandboxSwitch }> {
  const { sessionId, choice, publishNow } = parts
  publishNow({ kind: 'sandbox_status', sessionId, status: 'loading' })
  let sandbox: ISandboxClient
  try {
    sandbox = await parts.sandboxes.buildEmpty(sessionId, choice)
  } catch (error) {
    publishNow({ kind: 'sandbox_status', sessionId, status: 'ready' })
    throw error
  }
  const copy = await copyWorkspaceFiles(parts.from, sandbox, parts.workspaceRoot)
  parts.sandboxes.choose(sessionId, choice)
  const result: TSandboxSwitch = { kind: choice.kind, filesCopied: copy.filesCopied, ...(copy.filesNotCopied ? { filesNotCopied: copy.filesNotCopied } : {}) }
  return { sandbox, result }
}
