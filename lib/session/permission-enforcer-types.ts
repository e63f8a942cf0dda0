import type { ConfigurationError } from '../core/errors.ts'
import type { IHookTypeExecutor, THooksConfig } from '../hooks/index.ts'
import type { IPermissionLists, TPermissionMode } from '../permissions/index.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'

/** A tool call waiting for the user's answer. Plain data, so it can cross to the page. */
export type TPermissionRequest = {
  toolName: string
  toolCallId: string
  parameters: Record<string, unknown>
  mode: TPermissionMode
  /** The narrowest pattern covering this call, to offer as "allow for this session". */
  suggestedPattern: string
  /** Why the call needs approval when it is more than the mode policy. */
  reason?: string
  /** Set when a subagent's call asks (through its parent's handler): its agent type and its own session. */
  subagent?: { agentType: string; sessionId: string }
}

/** The user's answer: this call only, every call a pattern covers for the rest of the session, or no. */
export type TPermissionAnswer = 'allow_once' | { allowForSession: string } | 'deny'

/** Asks the user; `signal` aborts when the run does, so a prompt on screen can be dismissed. */
export type TPermissionHandler = (request: TPermissionRequest, signal?: AbortSignal) => Promise<TPermissionAnswer>

/** Whether a call may run, and if not why, in words the model will read. */
export type TPermissionOutcome = { allowed: true } | { allowed: false; reason: string }

/** How a `PermissionEnforcer` is set up. */
export type TPermissionEnforcerOptions = {
  /** Starting mode; `setMode` changes it at any time. Defaults to `default`. */
  mode?: TPermissionMode
  /** Allow and deny patterns; a malformed one throws here, when the enforcer is built. */
  permissions?: IPermissionLists
  /** Asked on every `approve` decision; without one, such calls are denied. */
  permissionHandler?: TPermissionHandler
  hooks?: THooksConfig
  /** Extra or replacement hook executors (prompt, agent, a custom fetch for http). */
  hookExecutors?: readonly IHookTypeExecutor[]
  /** Where `command` hooks run. */
  sandbox?: ISandboxClient
  /** Per-hook timeout when a hook sets none; defaults to 10 s. */
  hookTimeoutMs?: number
  /** Hook input `session_id`. */
  sessionId?: string
  /** The workspace directory: hook input `cwd`, and what relative paths in patterns resolve against. */
  cwd?: string
  /** Receives what hooks proceeded past with a warning (other exit codes, fail-open timeouts). */
  onHookWarning?: (warning: string) => void
  /** Told when `permissionHandler` resolves something no answer (`'allow'`, `true`…); the call is denied. */
  onBadAnswer?: (error: ConfigurationError) => void
}
