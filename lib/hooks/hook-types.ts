/** Lifecycle events hooks can run on: the spec's nine, plus Notification. */
export type THookEvent =
  | 'PreToolUse'
  | 'PostToolUse'
  | 'SessionStart'
  | 'Stop'
  | 'PreCompact'
  | 'PostCompact'
  | 'UserPromptSubmit'
  | 'WorktreeCreate'
  | 'WorktreeRemove'
  | 'Notification'

/** Every hook event, in lifecycle order. */
export const HOOK_EVENTS: readonly THookEvent[] = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PreCompact',
  'PostCompact',
  'WorktreeCreate',
  'WorktreeRemove',
  'Notification',
  'Stop'
]

/** What a hook's timeout or failure means: proceed with a warning, or block as a guard would. */
export type THookFailurePolicy = 'fail-open' | 'fail-closed'

/** Fields every hook definition may carry. */
export type THookCommon = {
  /** Milliseconds before the hook is stopped; defaults to the run's `timeoutMs` (10 s). */
  timeoutMs?: number
  /** Overrides the event's failure policy for this hook (only events that can block can fail closed). */
  failurePolicy?: THookFailurePolicy
}

/** Runs a shell command in the sandbox with the hook input as JSON on stdin. */
export type TCommandHookDefinition = THookCommon & { type: 'command'; command: string; env?: Record<string, string> }

/** Sends the hook input as JSON to an HTTP endpoint; the status becomes the exit code. */
export type THttpHookDefinition = THookCommon & { type: 'http'; url: string; method?: string; headers?: Record<string, string> }

/** Asks a model; `$ARGUMENTS` in the prompt is replaced by the hook input as JSON. */
export type TPromptHookDefinition = THookCommon & { type: 'prompt'; prompt: string; model?: string }

/** Delegates to a nested agent run. */
export type TAgentHookDefinition = THookCommon & { type: 'agent'; agent: string; config?: Record<string, unknown> }

/** One hook, discriminated on `type`. */
export type IHookDefinition = TCommandHookDefinition | THttpHookDefinition | TPromptHookDefinition | TAgentHookDefinition

/** Hooks that run when `matcher` (a regular expression, anchored; empty or `*` = all) matches. */
export type IHookGroup = { matcher?: string; hooks: IHookDefinition[] }

/** Hook groups by event. */
export type THooksConfig = Partial<Record<THookEvent, IHookGroup[]>>

/**
 * What a hook receives (as JSON on stdin, or as the HTTP body). Field names are snake_case, the
 * wire format Claude Code hooks read, so existing hook scripts work unchanged.
 */
export type IHookInput = {
  session_id: string
  cwd: string
  hook_event_name: THookEvent
  permission_mode?: string
  /** PreToolUse, PostToolUse. */
  tool_name?: string
  tool_input?: Record<string, unknown>
  tool_use_id?: string
  /** PostToolUse: the tool's result. */
  tool_response?: unknown
  /** UserPromptSubmit. */
  prompt?: string
  /** SessionStart: `startup`, `resume`, `fork`. */
  source?: string
  /** PreCompact, PostCompact. */
  trigger?: 'auto' | 'manual'
  /** PostCompact. */
  compact_summary?: string
  /** Stop: the final response. */
  response?: string
  /** WorktreeCreate, WorktreeRemove. */
  worktree_path?: string
  /** Notification. */
  notification_type?: string
  message?: string
}

/** One hook's raw outcome. Exit code 0 proceeds, 2 blocks with stderr as the reason, others warn. */
export type IHookResult = {
  exitCode: number
  stdout: string
  stderr: string
  /** True when the hook was stopped by its timeout. */
  timedOut?: boolean
}

/** What an executor gets besides the hook and its input. */
export type THookExecutionContext = {
  /** Aborted when the hook's timeout passes or the caller aborts. */
  signal: AbortSignal
  timeoutMs: number
  /** Cap on the bytes of stdout and of stderr an executor should keep. */
  maxOutputBytes: number
}

/** Runs one type of hook (strategy): `command`, `http`, `prompt`, `agent`. */
export interface IHookTypeExecutor {
  /** The hook `type` this executor runs. */
  readonly type: IHookDefinition['type']
  /** Runs the hook; may throw, which counts as a hook failure under the event's policy. */
  execute(hook: IHookDefinition, input: IHookInput, context?: THookExecutionContext): Promise<IHookResult>
}

/** @deprecated use `TAgentHookDefinition`; the `I` prefix marks interfaces and the specs' names. */
export type IAgentHookDefinition = TAgentHookDefinition

/** @deprecated use `TCommandHookDefinition`; the `I` prefix marks interfaces and the specs' names. */
export type ICommandHookDefinition = TCommandHookDefinition

/** @deprecated use `THttpHookDefinition`; the `I` prefix marks interfaces and the specs' names. */
export type IHttpHookDefinition = THttpHookDefinition

/** @deprecated use `TPromptHookDefinition`; the `I` prefix marks interfaces and the specs' names. */
export type IPromptHookDefinition = TPromptHookDefinition
