import type { TEnvironmentRecord } from '../lib/core/env-reference.ts'
import type { IAIProvider } from '../lib/core/provider.ts'
import type { ITool } from '../lib/core/tool.ts'
import type { THooksConfig } from '../lib/hooks/index.ts'
import type { IPermissionLists, TPermissionMode } from '../lib/permissions/index.ts'
import type { TManifestApplication, TProviderChoice, TSandboxChoice } from '../lib/host/agent-host.ts'
import type { TLocalAgentHostOptions } from '../lib/host/local-agent-host.ts'
import type { ISessionStore } from '../lib/storage/session-store.ts'
import type { IPluginFileStore } from '../lib/storage/plugin-file-store.ts'
import type { ISandboxClient } from '../sandbox/sandbox-client.ts'

/** Builds a provider from the page's plain-data choice (its key, base URL and model), inside the worker. */
export type TProviderFactory = (choice: TProviderChoice) => IAIProvider | Promise<IAIProvider>

/** The files each new session's sandbox starts with, and where they live. */
export type TAgentWorkspace = {
  /** Paths relative to `root`, with their contents. */
  files?: Readonly<Record<string, string | Uint8Array>>
  /** The workspace directory; default `/workspace`. */
  root?: string
}

/**
 * What an app's agent worker is made of: everything a web app chooses about its agent, given in
 * its own worker file to `exposeAgentHost`.
 */
export type TAgentWorkerOptions = {
  /**
   * The providers this worker can build, by the `kind` a page's choice names. Only what is listed
   * here is bundled: an app that lists Anthropic alone never loads the OpenAI SDK.
   */
  providers: Readonly<Record<string, TProviderFactory>>
  /** The provider (kind and model) sessions use until the page chooses another. */
  defaultProvider: TProviderChoice
  /** The app's own tools (zod, OpenAPI, WebFetch…), offered in every session beside the sandbox tools. */
  tools?: readonly ITool[]
  /** The system prompt every session starts from. */
  systemPrompt?: string
  /** The files of each new session's in-memory sandbox. */
  workspace?: TAgentWorkspace
  /** Makes a session's sandbox instead of the in-memory one seeded with `workspace`. */
  sandbox?: (sessionId: string) => ISandboxClient | Promise<ISandboxClient>
  /**
   * Readies what `sandbox`'s first use loads, shortly after the first session opens, so its first
   * turn does not wait for it. The default in-memory sandbox preloads its shell without it; with
   * an in-memory `sandbox` of your own, pass `() => InMemorySandboxClient.preload()`.
   */
  prepareSandbox?: () => unknown
  /** Makes a sandbox of another kind (E2B) when the page switches a session to it; without it only the default kind is offered. */
  sandboxFromChoice?: (sessionId: string, choice: TSandboxChoice) => Promise<ISandboxClient>
  /**
   * Where sessions are kept: an IndexedDB database of this name, or any store. Default the
   * database `robota`. Apps on one origin share sessions only when they name the same database.
   */
  store?: { databaseName: string } | ISessionStore
  /** Allow and deny patterns for every session, such as `{ allow: ['Bash(ls *)'], deny: ['Bash(rm *)'] }`. */
  permissions?: IPermissionLists
  /**
   * The mode sessions start in; default `default`: edits, commands and the app's own `tools` ask
   * first (the page answers with `answerPermission`). Allow a tool that needs no asking by name in
   * `permissions` (`{ allow: ['get_weather'] }`); `plan` denies it.
   */
  permissionMode?: TPermissionMode
  /** Lifecycle hooks; `command` hooks run in the session's sandbox. */
  hooks?: THooksConfig
  /** Applies workspace manifests the page sends; default the in-memory manifest applicator. `false` refuses them. */
  applyManifest?: false | ((sandbox: ISandboxClient, manifest: unknown, options: { signal: AbortSignal }) => Promise<TManifestApplication>)
  /** Share of the model's window at which a session is compacted before its next turn, or `false` for never. */
  autoCompactThreshold?: number | false
  /** How often batched events reach the page, in milliseconds. */
  eventIntervalMs?: number
  /** What `$ENV:` references in the workspace's settings resolve against (the worker has no environment of its own). */
  env?: TEnvironmentRecord
  /** The lowest settings layer (the user's), below the workspace's `.claude/` and `.robota/` files. */
  userSettings?: unknown
  /** Options of the WebFetch tool, or `false` for none. */
  webFetch?: TLocalAgentHostOptions['webFetch']
  /** Where the WebSearch tool searches; without one sessions have no WebSearch. */
  searchProvider?: TLocalAgentHostOptions['searchProvider']
  /**
   * MCP servers every session connects to, beside the workspace settings' `mcpServers` (an entry
   * of the same name replaces the settings' one). A worker reaches HTTP servers only, and only
   * those that allow its origin (CORS); stdio entries are refused.
   */
  mcpServers?: TLocalAgentHostOptions['mcpServers']
  /**
   * Where user-scope bundle plugins are kept: an IndexedDB database of this name, or any plugin
   * store. In a worker the default is the database `robota-plugins`, apart from the sessions';
   * elsewhere (Node, tests) it is memory.
   */
  userPlugins?: { databaseName: string } | IPluginFileStore
}
