import type { IPermissionLists, TPermissionMode } from '../lib/permissions/index.ts'
import type { TProviderChoice } from '../lib/session/agent-host.ts'
import type { TE2BSandboxClass } from '../sandbox/e2b/e2b-sandbox.ts'
import { LocalAgentHost } from '../lib/session/local-agent-host.ts'
import type { ISessionStore } from '../lib/storage/session-store.ts'
import { InMemorySandboxClient } from '../sandbox/in-memory/in-memory-sandbox-client.ts'
import { applyWorkspaceManifest } from '../sandbox/workspace/apply-workspace-manifest.ts'
import type { IWorkspaceManifest } from '../sandbox/workspace/workspace-manifest.ts'
import { createProviderFromChoice } from './create-provider-from-choice.ts'
import { createSandboxFromChoice } from './create-sandbox-from-choice.ts'
import { SAMPLE_WORKSPACE_FILES } from './sample-workspace.ts'

/** The provider sessions use unless they name another. */
export const OFFLINE_DEMO_CHOICE: TProviderChoice = { kind: 'offline-demo', model: 'offline-demo' }

/** Options of the host the worker runs. */
export type TPlaygroundHostOptions = {
  store: ISessionStore
  /** Files each new session's sandbox starts with. */
  workspaceFiles?: Readonly<Record<string, string>>
  /** Pause between the demo model's streamed words. */
  demoDeltaDelayMs?: number
  eventIntervalMs?: number
  /** Permission mode sessions start in; default `default`, so commands other than `ls` ask first. */
  permissionMode?: TPermissionMode
  /** Stands in for the `e2b` SDK's `Sandbox` class (a fake cloud in tests); the SDK loads lazily otherwise. */
  e2bSandboxClass?: TE2BSandboxClass
}

/** Listing the workspace is harmless, so the demo allows it; anything else asks. */
export const PLAYGROUND_PERMISSIONS: IPermissionLists = { allow: ['Bash(ls)', 'Bash(ls *)'], deny: [] }

/**
 * The agent host the worker exposes: sessions persisted in `store`, each with its own in-memory
 * sandbox seeded with the sample workspace (or an E2B microVM, when the page switches to one),
 * talking to the offline demo model by default.
 */
export function createPlaygroundHost(options: TPlaygroundHostOptions): LocalAgentHost {
  const files = options.workspaceFiles ?? SAMPLE_WORKSPACE_FILES
  return new LocalAgentHost({
    store: options.store,
    createSandbox: () => new InMemorySandboxClient({ files: { ...files }, cwd: '/workspace' }),
    createSandboxFromChoice: (_sessionId, choice) =>
      createSandboxFromChoice(choice, { workspaceRoot: '/workspace', ...(options.e2bSandboxClass ? { sandboxClass: options.e2bSandboxClass } : {}) }),
    createProvider: (choice) =>
      createProviderFromChoice(choice, options.demoDeltaDelayMs === undefined ? {} : { demoDeltaDelayMs: options.demoDeltaDelayMs }),
    // The applicator validates every entry before writing anything, so page data can go in as is.
    applyManifest: (sandbox, manifest, { signal }) => applyWorkspaceManifest(sandbox, manifest as IWorkspaceManifest, { targetRoot: '/workspace', signal }),
    defaultProvider: OFFLINE_DEMO_CHOICE,
    permissionMode: options.permissionMode ?? 'default',
    permissions: PLAYGROUND_PERMISSIONS,
    ...(options.eventIntervalMs === undefined ? {} : { eventIntervalMs: options.eventIntervalMs })
  })
}
