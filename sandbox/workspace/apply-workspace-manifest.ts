import { assertKnownSandboxOptions, optionNamesOf } from '../assert-known-sandbox-options.ts'
import type { ISandboxClient } from '../sandbox-client.ts'
import { cloneGitRepoEntry } from './git-repo-entry.ts'
import { planWorkspaceManifest } from './plan-workspace-manifest.ts'
import type { TWorkspaceManifestPlan, TWorkspaceManifestStep } from './plan-workspace-manifest.ts'
import { HYDRATION_ABORTED_REASON, abortableFetch } from './hydration-abort.ts'
import { describeSha256Mismatch } from './sha256.ts'
import { WORKSPACE_MOUNT_TYPES, fileEntryContent } from './workspace-manifest-entry-problems.ts'
import { WorkspaceManifestError } from './workspace-manifest-error.ts'
import { DEFAULT_WORKSPACE_TARGET_ROOT } from './workspace-manifest-path.ts'
import type {
  IWorkspaceManifest,
  IWorkspaceManifestAppliedEntry,
  IWorkspaceManifestApplyOptions,
  IWorkspaceManifestApplyResult,
  TWorkspaceUrlEntry
} from './workspace-manifest.ts'

const mountTypes = new Set<string>(WORKSPACE_MOUNT_TYPES)
const APPLY_OPTION_NAMES = optionNamesOf<IWorkspaceManifestApplyOptions>()(['targetRoot', 'fetch', 'gitCorsProxy', 'enforcePermissions', 'signal'])

/**
 * Hydrates a sandbox from a manifest. Every path and entry is checked first: an invalid manifest,
 * or one asking for an environment or permissions nobody can apply, throws a
 * `WorkspaceManifestError` listing every problem and writes nothing. Then each entry is applied in
 * order and reported `applied`, `unsupported` (mounts) or `failed` with the reason; a failed entry
 * leaves no half-written file, and the entries after it are still applied. When `options.signal`
 * fires, the running entry stops at once (a download or clone is dropped with nothing of it left),
 * it and every later entry are reported `failed` with the reason, and the result says `aborted`.
 */
export async function applyWorkspaceManifest(
  sandbox: ISandboxClient,
  manifest: IWorkspaceManifest,
  options: IWorkspaceManifestApplyOptions = {}
): Promise<IWorkspaceManifestApplyResult> {
  // A misspelt `targetRoot` would otherwise write every entry under /workspace.
  assertKnownSandboxOptions('applyWorkspaceManifest(sandbox, manifest, options)', options, APPLY_OPTION_NAMES)
  const plan = planWorkspaceManifest(manifest, options.targetRoot ?? DEFAULT_WORKSPACE_TARGET_ROOT)
  refuseWhatCannotBeHonoured(sandbox, plan, options)
  // Stopped before it began: nothing of the manifest is applied, its environment included.
  if (options.signal?.aborted) return { entries: plan.steps.map(notStarted), aborted: true }
  if (plan.permissions !== undefined) await options.enforcePermissions?.(plan.permissions)
  if (plan.environment !== undefined) await sandbox.setEnvironment?.(plan.environment)
  const entries: IWorkspaceManifestAppliedEntry[] = []
  for (const step of plan.steps) {
    entries.push(options.signal?.aborted ? notStarted(step) : await applyStep(sandbox, step, options))
  }
  return options.signal?.aborted ? { entries, aborted: true } : { entries }
}

function notStarted({ path, entry }: TWorkspaceManifestStep): IWorkspaceManifestAppliedEntry {
  return { path, type: entry.type, status: 'failed', message: `not applied: ${HYDRATION_ABORTED_REASON}` }
}

function refuseWhatCannotBeHonoured(sandbox: ISandboxClient, plan: TWorkspaceManifestPlan, options: IWorkspaceManifestApplyOptions): void {
  const refusals: string[] = []
  if (plan.environment !== undefined && sandbox.setEnvironment === undefined) {
    refusals.push(`"environment" cannot be applied: the ${sandbox.kind} sandbox client has no setEnvironment`)
  }
  if (plan.permissions !== undefined && options.enforcePermissions === undefined) {
    refusals.push('"permissions" cannot be enforced here: pass enforcePermissions (the file tools\' policy) to apply them')
  }
  if (refusals.length > 0) throw new WorkspaceManifestError('WORKSPACE_MANIFEST_REFUSED', refusals)
}

async function applyStep(
  sandbox: ISandboxClient,
  step: TWorkspaceManifestStep,
  options: IWorkspaceManifestApplyOptions
): Promise<IWorkspaceManifestAppliedEntry> {
  const { path, entry, targetPath } = step
  if (mountTypes.has(entry.type)) {
    return { path, type: entry.type, status: 'unsupported', message: `${entry.type} requires a provider-specific sandbox adapter.` }
  }
  try {
    if (entry.type === 'file') await sandbox.writeFile(targetPath, fileEntryContent(entry))
    else if (entry.type === 'dir') await sandbox.mkdir(targetPath, { recursive: true })
    else if (entry.type === 'url') await sandbox.writeFile(targetPath, await fetchUrlEntry(entry, options))
    else if (entry.type === 'gitRepo') await cloneGitRepoEntry(sandbox, entry, targetPath, options)
    return { path, type: entry.type, status: 'applied' }
  } catch (error) {
    return { path, type: entry.type, status: 'failed', message: error instanceof Error ? error.message : String(error) }
  }
}

// Fetched and checked in full before the write, so a failed download or a wrong digest leaves
// nothing behind.
async function fetchUrlEntry(entry: TWorkspaceUrlEntry, options: IWorkspaceManifestApplyOptions): Promise<Uint8Array> {
  const fetchFunction = abortableFetch(options.fetch ?? globalThis.fetch, options.signal)
  let response: Response
  try {
    response = await fetchFunction(entry.url, { ...(entry.headers === undefined ? {} : { headers: entry.headers }) })
  } catch (error) {
    throw new Error(`could not fetch ${entry.url}: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
  if (!response.ok) throw new Error(`could not fetch ${entry.url}: HTTP ${response.status} ${response.statusText}`.trimEnd())
  const bytes = new Uint8Array(await response.arrayBuffer())
  const mismatch = entry.sha256 === undefined ? undefined : describeSha256Mismatch(bytes, entry.sha256)
  if (mismatch !== undefined) throw new Error(`${entry.url}: ${mismatch}`)
  return bytes
}
