import type { IPermissionLists, TPermissionMode } from '../../lib/permissions/index.ts'
import type { TProviderChoice } from '../../lib/host/agent-host.ts'
import type { LocalAgentHost } from '../../lib/host/local-agent-host.ts'
import type { ISessionStore } from '../../lib/storage/session-store.ts'
import { OfflineDemoProvider } from './offline-demo-provider.ts'
import type { TE2BSandboxClass } from '../../sandbox/e2b/e2b-sandbox.ts'
import { createAgentHost, type TAgentHostOptions } from '../../worker/expose-agent-host.ts'
import { SAMPLE_WORKSPACE_FILES } from './sample-workspace.ts'

/** The provider sessions use unless they name another. */
export const OFFLINE_DEMO_CHOICE: TProviderChoice = { kind: 'offline-demo', model: 'offline-demo' }

/** Options of the playground's host. */
export type TPlaygroundHostOptions = {
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
 * What the playground's worker file hands `exposeAgentHost`: each session in an in-memory
 * sandbox seeded with the sample workspace (or an E2B microVM, when the page switches to one),
 * talking to the offline demo model unless the page picks a real provider.
 */
export function playgroundAgentHostOptions(options: TPlaygroundHostOptions = {}): TAgentHostOptions {
  const demoOptions = options.demoDeltaDelayMs === undefined ? {} : { deltaDelayMs: options.demoDeltaDelayMs }
  return {
    providers: { 'offline-demo': () => new OfflineDemoProvider(demoOptions) },
    defaultProvider: OFFLINE_DEMO_CHOICE,
    workspace: options.workspaceFiles ?? SAMPLE_WORKSPACE_FILES,
    permissions: { ...PLAYGROUND_PERMISSIONS, mode: options.permissionMode ?? 'default' },
    ...(options.e2bSandboxClass ? { e2bSandboxClass: options.e2bSandboxClass } : {}),
    ...(options.eventIntervalMs === undefined ? {} : { host: { eventIntervalMs: options.eventIntervalMs } })
  }
}

/** The playground's host in the current thread, over `store` (tests, and the page's unit tests). */
export function createPlaygroundHost(options: TPlaygroundHostOptions & { store: ISessionStore }): LocalAgentHost {
  return createAgentHost(playgroundAgentHostOptions(options), options.store)
}
