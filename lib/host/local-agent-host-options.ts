import type { IAIProvider } from '../core/provider.ts'
import type { TEnvironmentRecord } from '../core/env-reference.ts'
import type { THooksConfig } from '../hooks/index.ts'
import type { IPermissionLists, TPermissionMode } from '../permissions/index.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import type { IPluginFileStore } from '../storage/plugin-file-store.ts'
import type { ISessionStore } from '../storage/session-store.ts'
import type { TInteractiveSessionOptions } from '../session/interactive-session-types.ts'
import type { TManifestApplication, TProviderChoice, TSandboxChoice } from './agent-host.ts'

/** What the host is built from; concrete adapters are chosen by whoever assembles it. */
export type TLocalAgentHostOptions = {
  store: ISessionStore
  /** Makes the sandbox a session works in (seeded with its workspace). */
  createSandbox: (sessionId: string) => ISandboxClient | Promise<ISandboxClient>
  /** Makes a sandbox of another kind (E2B, say) for `setSandbox`; without it only the default kind is offered. */
  createSandboxFromChoice?: (sessionId: string, choice: TSandboxChoice) => Promise<ISandboxClient>
  /**
   * Readies what the default sandbox's first use loads (the in-memory shell's code, say). Called
   * once, shortly after the first session is opened, so that session's first turn does not wait
   * for it; a failure is left for that first use to report.
   */
  prepareSandbox?: () => unknown
  /** Share of the model's window at which a session is compacted before its next turn, or `false` for never. */
  autoCompactThreshold?: number | false
  /** Builds a provider from a plain-data choice. */
  createProvider: (choice: TProviderChoice) => IAIProvider | Promise<IAIProvider>
  /**
   * The kinds `createProvider` builds: `createSession` refuses a choice of another kind before
   * storing anything. Without it any kind is stored, and a turn or `setProvider` reports it.
   */
  providerKinds?: readonly string[]
  /** Provider used when a session names none. */
  defaultProvider: TProviderChoice
  /** Base instructions of every session; the workspace's AGENTS.md/CLAUDE.md, skills, hook context and language are added to them. */
  systemMessage?: string
  /** Tools every session gets beside the sandbox tools, WebFetch and the Agent tool (zod or OpenAPI tools, say). */
  tools?: TInteractiveSessionOptions['tools']
  /** Options of the WebFetch tool, or `false` for none. */
  webFetch?: TInteractiveSessionOptions['webFetch']
  /** Where the WebSearch tool searches; without one sessions have no WebSearch. */
  searchProvider?: TInteractiveSessionOptions['searchProvider']
  /** MCP servers every session connects to, beside the workspace settings' `mcpServers`; an entry of the same name replaces the settings' one. */
  mcpServers?: TInteractiveSessionOptions['mcpServers']
  /** Executors of hook types beyond `command` and `http` (`prompt` and `agent` are built in). */
  hookExecutors?: TInteractiveSessionOptions['hookExecutors']
  /** What `$ENV:` references in the workspace's settings resolve against. */
  env?: TEnvironmentRecord
  /** The lowest settings layer (the user's), below the workspace's `.claude/` and `.robota/` files. */
  userSettings?: unknown
  /**
   * Where user-scope bundle plugins are kept (`IndexedDBPluginFileStore` in a worker, a
   * `DirectoryPluginFileStore` in Node); in memory when left out. Project-scope ones live in each
   * session's sandbox.
   */
  userPlugins?: IPluginFileStore
  /** How often batched events are delivered, in milliseconds. */
  eventIntervalMs?: number
  /** Permission mode new live sessions start in. Defaults to `default`: edits and commands ask. */
  permissionMode?: TPermissionMode
  /** Allow and deny patterns for every session, on top of the workspace settings' own. */
  permissions?: IPermissionLists
  /** Lifecycle hooks on top of the workspace settings' own; `command` hooks run in the session's sandbox. */
  hooks?: THooksConfig
  /** The workspace directory tools and patterns resolve paths against. Defaults to `/workspace`. */
  workspaceRoot?: string
  /**
   * Whether the first read of a session in this host's life closes off a turn its store holds
   * cut (the process driving it stopped mid-turn), as `closeInterruptedTurn` does: tool calls
   * without results get interrupted ones, an answer cut while streaming keeps its stored text, and
   * listeners get the appended events. Defaults to `true`, for a host that drives every session
   * of its store; a host under the worker's multi-tab layer, whose store other tabs' hosts drive
   * at the same time, is built with `false`, and that layer closes a turn off when its tab takes
   * the session over.
   */
  closeInterruptedTurns?: boolean
  /** Applies a workspace manifest to a sandbox; without it `applyManifest` is refused. */
  applyManifest?: (sandbox: ISandboxClient, manifest: unknown, options: { signal: AbortSignal }) => Promise<TManifestApplication>
}
