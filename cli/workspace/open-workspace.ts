import type { TEnvironmentRecord } from '../../lib/core/env-reference.ts'
import { ConfigurationError } from '../../lib/core/errors.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { applyWorkspaceManifest } from '../../sandbox/workspace/apply-workspace-manifest.ts'
import type { TCliSandboxKind } from '../arguments/cli-arguments.ts'
import { readDirectoryManifest, type TDirectoryManifest } from './read-directory-manifest.ts'

/** The sandbox the terminal client's tools run in, hydrated from the host directory. */
export type TOpenedWorkspace = {
  sandbox: ISandboxClient
  /** The sandbox directory holding the copy, and the session's `cwd`. */
  workspaceRoot: string
  hostDirectory: string
  copied: TDirectoryManifest
  /** Entries the sandbox refused, worded for display. */
  problems: string[]
}

const WORKSPACE_ROOTS: Record<TCliSandboxKind, string> = { memory: '/workspace', e2b: '/home/user/workspace' }

/**
 * Creates the sandbox (in memory, or an E2B microVM with `E2B_API_KEY`) and copies the host
 * directory into it through a workspace manifest. The host directory is only read.
 */
export async function openWorkspace(kind: TCliSandboxKind, hostDirectory: string, env: TEnvironmentRecord): Promise<TOpenedWorkspace> {
  const workspaceRoot = WORKSPACE_ROOTS[kind]
  const copied = await readDirectoryManifest(hostDirectory)
  const sandbox = kind === 'e2b' ? await openE2B(env) : new InMemorySandboxClient({ cwd: workspaceRoot })
  if (kind === 'e2b') await sandbox.mkdir(workspaceRoot, { recursive: true })
  const applied = await applyWorkspaceManifest(sandbox, copied.manifest, { targetRoot: workspaceRoot })
  const problems = applied.entries.filter((entry) => entry.status !== 'applied').map((entry) => `${entry.path}: ${entry.message ?? entry.status}`)
  return { sandbox, workspaceRoot, hostDirectory, copied, problems }
}

async function openE2B(env: TEnvironmentRecord): Promise<ISandboxClient> {
  const apiKey = env.E2B_API_KEY
  if (!apiKey) throw new ConfigurationError('--sandbox e2b needs E2B_API_KEY in the environment.')
  const { createE2BSandboxClient } = await import('../../sandbox/e2b/create-e2b-sandbox-client.ts')
  return createE2BSandboxClient({ apiKey, ...(env.E2B_API_URL ? { apiUrl: env.E2B_API_URL } : {}), ...(env.E2B_SANDBOX_URL ? { sandboxUrl: env.E2B_SANDBOX_URL } : {}) })
}
