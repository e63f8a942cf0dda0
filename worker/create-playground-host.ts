import { ConfigurationError } from '../lib/core/errors.ts'
import type { IAIProvider } from '../lib/core/provider.ts'
import type { IPermissionLists, TPermissionMode } from '../lib/permissions/index.ts'
import type { TProviderChoice } from '../lib/session/agent-host.ts'
import { LocalAgentHost } from '../lib/session/local-agent-host.ts'
import type { ISessionStore } from '../lib/storage/session-store.ts'
import { OfflineDemoProvider } from '../lib/testing/offline-demo-provider.ts'
import { InMemorySandboxClient } from '../sandbox/in-memory/in-memory-sandbox-client.ts'
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
}

/** Listing the workspace is harmless, so the demo allows it; anything else asks. */
export const PLAYGROUND_PERMISSIONS: IPermissionLists = { allow: ['Bash(ls)', 'Bash(ls *)'], deny: [] }

/** Builds a provider from plain data; only kinds this build ships are accepted. */
export function createProviderFromChoice(choice: TProviderChoice, demoDeltaDelayMs?: number): IAIProvider {
  if (choice.kind === 'offline-demo') {
    return new OfflineDemoProvider(demoDeltaDelayMs === undefined ? {} : { deltaDelayMs: demoDeltaDelayMs })
  }
  throw new ConfigurationError(`Provider kind "${choice.kind}" is not available; use "offline-demo".`, {
    details: { kind: choice.kind }
  })
}

/**
 * The agent host the worker exposes: sessions persisted in `store`, each with its own in-memory
 * sandbox seeded with the sample workspace, talking to the offline demo model by default.
 */
export function createPlaygroundHost(options: TPlaygroundHostOptions): LocalAgentHost {
  const files = options.workspaceFiles ?? SAMPLE_WORKSPACE_FILES
  return new LocalAgentHost({
    store: options.store,
    createSandbox: () => new InMemorySandboxClient({ files: { ...files }, cwd: '/workspace' }),
    createProvider: (choice) => createProviderFromChoice(choice, options.demoDeltaDelayMs),
    defaultProvider: OFFLINE_DEMO_CHOICE,
    permissionMode: options.permissionMode ?? 'default',
    permissions: PLAYGROUND_PERMISSIONS,
    ...(options.eventIntervalMs === undefined ? {} : { eventIntervalMs: options.eventIntervalMs })
  })
}
