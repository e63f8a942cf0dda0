import type { TChatSettings } from '../core/chat-settings.ts'
import type { IContextWindowState } from '../core/context/estimation.ts'
import type { TEnvironmentRecord } from '../core/env-reference.ts'
import type { IHistoryEntry } from '../core/history.ts'
import type { IAIProvider } from '../core/provider.ts'
import type { IDiffLine, ITool } from '../core/tool.ts'
import type { TMcpServers } from '../tools/mcp/mcp-server-config.ts'
import type { ISearchProvider } from '../tools/builtins/search-provider.ts'
import type { TWebFetchToolOptions } from '../tools/builtins/web-fetch-tool.ts'
import type { IHookTypeExecutor, THooksConfig } from '../hooks/index.ts'
import type { IPermissionLists, TPermissionMode } from '../permissions/index.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import type { ISessionStore } from '../storage/session-store.ts'
import type { IPluginFileStore } from '../storage/plugin-file-store.ts'
import type { InteractiveSession } from './interactive-session.ts'
import type { TPermissionHandler } from './permission-enforcer-types.ts'
import type { Session } from './session.ts'
import type { TSessionEvent } from './session-events.ts'

/** How a tool call ended, as a status line shows it. */
export type TToolOutcome = 'success' | 'error' | 'denied'

/** One tool call as a client shows it while and after it runs. */
export type IToolState = {
  toolName: string
  toolCallId: string
  /** The call's main argument (a command, a path, a query), shortened for display. */
  firstArg: string
  isRunning: boolean
  result?: TToolOutcome
  /** The lines an Edit or Write changed, with some context; set when the call ends. */
  diffLines?: IDiffLine[]
  /** The file those lines belong to. */
  diffFile?: string
}

/** One finished tool call of a prompt. */
export type IToolSummary = { toolName: string; toolCallId: string; firstArg: string; result: TToolOutcome }

/** What a prompt produced, for `complete` and `interrupted`, and what `submit` resolves with. */
export type IExecutionResult = {
  /** The answer; for a failed prompt, the failure notice the history keeps (or '' when nothing was committed). */
  response: string
  /** The full history: chat and event entries. */
  history: IHistoryEntry[]
  toolSummaries: IToolSummary[]
  contextState: IContextWindowState
  interrupted: boolean
  /** Set when a UserPromptSubmit hook refused the prompt. */
  blockedReason?: string
  /**
   * Set when the prompt failed: the error the `error` event fired, as its class
   * (`AuthenticationError`, `RateLimitError`, `StructuredOutputError`…; check `isRobotaError` for
   * its `code`). What the prompt committed before it failed is still in `history`.
   */
  error?: Error
}

/** The events an interactive session emits, and what each listener receives. */
export type IInteractiveSessionEvents = {
  /** A piece of streamed assistant text. */
  text_delta: (delta: string) => void
  /** A tool call began. */
  tool_start: (state: IToolState) => void
  /** A tool call finished, failed or was denied. */
  tool_end: (state: IToolState) => void
  /** The session started (`true`) or stopped (`false`) working on a prompt. */
  thinking: (isThinking: boolean) => void
  /** A prompt finished. */
  complete: (result: IExecutionResult) => void
  /** A prompt, a command or the session's start failed. */
  error: (error: Error) => void
  /** The context window's usage changed. */
  context_update: (state: IContextWindowState) => void
  /** A prompt was aborted; the partial answer is kept. */
  interrupted: (result: IExecutionResult) => void
}

/** Names of the interactive session's events. */
export type TInteractiveSessionEventName = keyof IInteractiveSessionEvents

/** A way of serving a session (HTTP, WebSocket, MCP, a worker port): it subscribes to the session's events. */
export interface ITransportAdapter {
  /** Human-readable transport name, such as `http` or `mcp`. */
  readonly name: string
  /** Connects the transport to a session; it subscribes with `session.on`. */
  attach(session: InteractiveSession): void
  /** Starts serving. */
  start(): Promise<void>
  /** Stops serving and releases what it holds. */
  stop(): Promise<void>
}

/** How an interactive session is set up. Configuration and context are read from the sandbox at `cwd`. */
export type TInteractiveSessionOptions = {
  provider: IAIProvider
  /** Where tools run and configuration is read; without one the session is plain chat. */
  sandbox?: ISandboxClient
  /** Persists the session and its replay log; without one nothing is stored. */
  store?: ISessionStore
  /** The workspace directory; defaults to `/workspace`. */
  cwd?: string
  /** Beats `permissions.defaultMode` of the settings; defaults to `default`. */
  permissionMode?: TPermissionMode
  /** Asked whenever a tool call needs approval; without one such calls are denied. */
  permissionHandler?: TPermissionHandler
  /** Continues a stored session. */
  resumeSessionId?: string
  /** With `resumeSessionId`: copy that session's conversation under a new id instead. */
  forkSession?: boolean
  /** Beats the resumed session's model and the settings' model. */
  model?: string
  /** Base instructions; project context, skills and language are added to them. */
  systemMessage?: string
  /** Hooks on top of those in the settings. */
  hooks?: THooksConfig
  /** Allow and deny patterns on top of those in the settings. */
  permissions?: IPermissionLists
  hookExecutors?: readonly IHookTypeExecutor[]
  /** The new session's name. */
  name?: string
  /** The lowest settings layer, supplied by the host. */
  userSettings?: unknown
  /** What `$ENV:` references in settings resolve against. */
  env?: TEnvironmentRecord
  /**
   * The user-scope bundle plugins: `new DirectoryPluginFileStore({ root: '~/.robota/plugins', fs })`
   * in Node, `IndexedDBPluginFileStore` in a browser. The project's are read from
   * `<cwd>/.robota/plugins/` in the sandbox.
   */
  userPlugins?: IPluginFileStore
  /** Tools beside the sandbox tools, the web tools and the Agent tool. */
  tools?: readonly ITool[]
  /**
   * Names of tools the model is not offered (a sandbox tool, WebFetch, Agent, an MCP tool…); they
   * are also denied, so no subagent or recorded call runs them.
   */
  disabledTools?: readonly string[]
  /** Model settings for every call (`temperature`, `maxTokens`…), each beating the settings file's field. */
  chatSettings?: TChatSettings
  /**
   * MCP servers on top of the settings' `mcpServers` (an entry of the same name replaces the
   * settings' one); their tools are offered as `mcp__<server>__<tool>`. `dispose()` closes them.
   */
  mcpServers?: TMcpServers
  /** Options of the `WebFetch` tool every session with a sandbox gets, or `false` for none. */
  webFetch?: TWebFetchToolOptions | false
  /** Where the `WebSearch` tool searches; without one the session has no WebSearch. */
  searchProvider?: ISearchProvider
  /** How long a model call may stream nothing before it fails, in milliseconds; no limit when left out. */
  timeout?: number
  /** Beats the settings' `compaction`; `false` turns auto-compaction off. */
  autoCompactThreshold?: number | false
  contextWindow?: number
  /** Beats the settings' `maxTurns`. */
  maxTurns?: number
  /** Receives every event of the session (and of its subagents), redacted, as it is persisted. */
  onReplayEvent?: (event: TSessionEvent) => void
  /** A pre-built session, for tests: nothing is read from the sandbox. */
  session?: Session
}
