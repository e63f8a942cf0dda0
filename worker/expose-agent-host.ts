import { ZOD_GENERATES_NO_CODE } from '../lib/tools/zod-without-code-generation.ts'
import * as Comlink from 'comlink'
import type { ITool } from '../lib/core/tool.ts'
import type { THooksConfig } from '../lib/hooks/index.ts'
import type { IPermissionLists, TPermissionMode } from '../lib/permissions/index.ts'
import type { IAgentHost, TProviderChoice } from '../lib/host/agent-host.ts'
import { LocalAgentHost, type TLocalAgentHostOptions } from '../lib/host/local-agent-host.ts'
import { IndexedDBSessionStore } from '../lib/storage/indexeddb/indexeddb-session-store.ts'
import type { ISessionStore } from '../lib/storage/session-store.ts'
import type { ISearchProvider } from '../lib/tools/builtins/search-provider.ts'
import type { TE2BSandboxClass } from '../sandbox/e2b/e2b-sandbox.ts'
import { InMemorySandboxClient } from '../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { ISandboxClient } from '../sandbox/sandbox-client.ts'
import { applyWorkspaceManifest } from '../sandbox/workspace/apply-workspace-manifest.ts'
import type { IWorkspaceManifest } from '../sandbox/workspace/workspace-manifest.ts'
import { createProviderFromChoice, type TProviderFactory } from './create-provider-from-choice.ts'
import { createSandboxFromChoice } from './create-sandbox-from-choice.ts'
import { registerErrorTransfer } from './error-transfer.ts'
import { answerHeartbeats } from './heartbeat.ts'
import { registerHostEventTransfer } from './host-event-transfer.ts'
import { createInProcessSessionLocks } from './in-process-session-locks.ts'
import { MultiTabAgentHost } from './multi-tab-agent-host.ts'
import { createWebSessionLocks } from './web-session-locks.ts'

// Read so the first import, there for its effect, is never dropped as unused.
if (!ZOD_GENERATES_NO_CODE) throw new Error('zod must be set jitless before any schema is built.')

/** The IndexedDB database a worker keeps its sessions in when the app names none. */
export const DEFAULT_DATABASE_NAME = 'robota'

/** What an app's agent worker is made of; everything but a provider has a default. */
export type TAgentHostOptions = {
  /** Tools every session gets beside the sandbox tools, WebFetch and Agent: zod tools, OpenAPI tools. */
  tools?: readonly ITool[]
  /** Base instructions of every session; the workspace's AGENTS.md, skills and language are added to them. */
  systemPrompt?: string
  /**
   * Provider factories by kind, beside the built-in `anthropic`, `openai` and
   * `openai-compatible` (whose SDKs load on first use); the page picks one with a `TProviderChoice`.
   */
  providers?: Readonly<Record<string, TProviderFactory>>
  /** The provider sessions use unless the page names another. */
  defaultProvider: TProviderChoice
  /** Makes each session's sandbox; defaults to an in-memory one holding `workspace`. */
  sandbox?: (sessionId: string) => ISandboxClient | Promise<ISandboxClient>
  /** Files each new session's in-memory sandbox starts with, by path under `workspaceRoot`. */
  workspace?: Readonly<Record<string, string>>
  /** Defaults to `/workspace`. */
  workspaceRoot?: string
  /** Where sessions are kept: a store, or the IndexedDB database name (default `robota`); two apps on one origin share sessions only if they name the same database. */
  store?: ISessionStore | { databaseName: string }
  /** Allow and deny patterns for every session, and the mode sessions start in (default `default`: edits and commands ask). */
  permissions?: IPermissionLists & { mode?: TPermissionMode }
  /** Hooks of every session, beside those in the workspace's settings. */
  hooks?: THooksConfig
  /** Where WebSearch searches; without one sessions have no WebSearch. */
  searchProvider?: ISearchProvider
  /** Stands in for the `e2b` SDK's `Sandbox` class when the page switches a session to E2B. */
  e2bSandboxClass?: TE2BSandboxClass
  /** The rest of the host's options, for what the above does not cover. */
  host?: Partial<Omit<TLocalAgentHostOptions, 'store' | 'createSandbox' | 'createProvider' | 'defaultProvider'>>
}

/** The host an agent worker runs, built from an app's options; in-thread, so Node tests build it too. */
export function createAgentHost(options: TAgentHostOptions, store: ISessionStore = storeOf(options)): LocalAgentHost {
  const workspaceRoot = options.workspaceRoot ?? '/workspace'
  const files = options.workspace ?? {}
  const permissions = options.permissions
  return new LocalAgentHost({
    store,
    workspaceRoot,
    createSandbox: options.sandbox ?? (() => new InMemorySandboxClient({ files: { ...files }, cwd: workspaceRoot })),
    createSandboxFromChoice: (_sessionId, choice) =>
      createSandboxFromChoice(choice, { workspaceRoot, ...(options.e2bSandboxClass ? { sandboxClass: options.e2bSandboxClass } : {}) }),
    createProvider: (choice) => createProviderFromChoice(choice, options.providers ? { providers: options.providers } : {}),
    defaultProvider: options.defaultProvider,
    // The applicator validates every entry before writing anything, so page data can go in as is.
    applyManifest: (sandbox, manifest, { signal }) => applyWorkspaceManifest(sandbox, manifest as IWorkspaceManifest, { targetRoot: workspaceRoot, signal }),
    ...(options.tools ? { tools: options.tools } : {}),
    ...(options.systemPrompt ? { systemMessage: options.systemPrompt } : {}),
    ...(permissions ? { permissions: { allow: permissions.allow ?? [], deny: permissions.deny ?? [] } } : {}),
    ...(permissions?.mode ? { permissionMode: permissions.mode } : {}),
    ...(options.hooks ? { hooks: options.hooks } : {}),
    ...(options.searchProvider ? { searchProvider: options.searchProvider } : {}),
    ...options.host
  })
}

/**
 * The whole of an app's worker file: builds the host from `options`, makes it safe to open in
 * several tabs (Web Locks, a BroadcastChannel named after the database), answers the page's
 * heartbeats and exposes it to `createAgentClient(worker)` on the page.
 */
export function exposeAgentHost(options: TAgentHostOptions): IAgentHost {
  registerErrorTransfer()
  registerHostEventTransfer()
  const store = storeOf(options)
  const databaseName = isStore(options.store) ? 'custom' : (options.store?.databaseName ?? DEFAULT_DATABASE_NAME)
  const host = new MultiTabAgentHost({
    host: createAgentHost(options, store),
    store,
    // Browsers without Web Locks get one tab's worth of safety: this worker's own.
    locks: 'locks' in navigator ? createWebSessionLocks(navigator.locks) : createInProcessSessionLocks(),
    ...(typeof BroadcastChannel === 'function' ? { broadcast: new BroadcastChannel(`robota:sessions:${databaseName}`) } : {})
  })
  // A dedicated worker's global scope is the endpoint the page's `new Worker(…)` talks to.
  const scope = globalThis as unknown as Comlink.Endpoint
  answerHeartbeats(scope)
  Comlink.expose(host, scope)
  return host
}

function storeOf(options: TAgentHostOptions): ISessionStore {
  if (isStore(options.store)) return options.store
  return new IndexedDBSessionStore({ databaseName: options.store?.databaseName ?? DEFAULT_DATABASE_NAME })
}

function isStore(store: TAgentHostOptions['store']): store is ISessionStore {
  return typeof store === 'object' && store !== null && 'commit' in store
}
