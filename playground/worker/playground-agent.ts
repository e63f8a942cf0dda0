import type { IPermissionLists, TPermissionMode } from '../../lib/permissions/index.ts'
import type { TProviderChoice } from '../../lib/host/agent-host.ts'
import { LocalAgentHost } from '../../lib/host/local-agent-host.ts'
import type { ISessionStore } from '../../lib/storage/session-store.ts'
import type { TE2BSandboxClass } from '../../sandbox/e2b/e2b-sandbox.ts'
import type { TAgentWorkerOptions } from '../../worker/agent-worker-options.ts'
import { assertWorkerOptions } from '../../worker/assert-worker-options.ts'
import { buildLocalAgentHost } from '../../worker/create-local-agent-host.ts'
import { OFFLINE_DEMO_MODEL } from './offline-demo/offline-demo-provider.ts'
import { playgroundProviders } from './playground-providers.ts'
import { SAMPLE_WORKSPACE_FILES } from './sample-workspace.ts'

/** The provider sessions use unless they name another. */
export const OFFLINE_DEMO_CHOICE: TProviderChoice = { kind: 'offline-demo', model: OFFLINE_DEMO_MODEL }

/** Listing the workspace is harmless, so the demo allows it; anything else asks. */
export const PLAYGROUND_PERMISSIONS: IPermissionLists = { allow: ['Bash(ls)', 'Bash(ls *)'], deny: [] }

/** What tests and the embed may change about the playground's agent. */
export type TPlaygroundAgentOptions = {
  /** Files each new session's sandbox starts with; the sample workspace by default. */
  workspaceFiles?: Readonly<Record<string, string>>
  /** Pause between the demo model's streamed words. */
  demoDeltaDelayMs?: number
  eventIntervalMs?: number
  /** Permission mode sessions start in; default `default`, so commands other than `ls` ask first. */
  permissionMode?: TPermissionMode
  /** Stands in for the `e2b` SDK's `Sandbox` class (a fake cloud in tests); the SDK loads lazily otherwise. */
  e2bSandboxClass?: TE2BSandboxClass
}

/**
 * The playground's agent, as any app's worker declares one: the offline demo by default and the
 * vendor providers on request, the sample workspace in an in-memory sandbox per session (or an
 * E2B microVM when the page switches to one), and `ls` allowed without asking.
 */
export function playgroundAgentOptions(options: TPlaygroundAgentOptions = {}): TAgentWorkerOptions {
  return {
    providers: playgroundProviders(options.demoDeltaDelayMs === undefined ? {} : { demoDeltaDelayMs: options.demoDeltaDelayMs }),
    defaultProvider: OFFLINE_DEMO_CHOICE,
    workspace: { files: options.workspaceFiles ?? SAMPLE_WORKSPACE_FILES, root: '/workspace' },
    // Loaded with the first switch to an E2B sandbox, which most sessions never make.
    sandboxFromChoice: async (_sessionId, choice) => {
      const { createSandboxFromChoice } = await import('../../worker/create-sandbox-from-choice.ts')
      return createSandboxFromChoice(choice, { workspaceRoot: '/workspace', ...(options.e2bSandboxClass ? { sandboxClass: options.e2bSandboxClass } : {}) })
    },
    permissionMode: options.permissionMode ?? 'default',
    permissions: PLAYGROUND_PERMISSIONS,
    ...(options.eventIntervalMs === undefined ? {} : { eventIntervalMs: options.eventIntervalMs })
  }
}

/**
 * The playground's agent host over `store`, in the current thread (tests, Node); under a
 * multi-tab host, with `closeInterruptedTurns: false` (see `TLocalAgentHostOptions`).
 */
export function createPlaygroundHost(options: TPlaygroundAgentOptions & { store: ISessionStore; closeInterruptedTurns?: boolean }): LocalAgentHost {
  const agent = playgroundAgentOptions(options)
  assertWorkerOptions(agent)
  return buildLocalAgentHost(agent, options.store, options.closeInterruptedTurns === undefined ? {} : { closeInterruptedTurns: options.closeInterruptedTurns })
}
