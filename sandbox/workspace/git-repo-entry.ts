import { isSandboxError } from '../sandbox-client.ts'
import type { ISandboxClient } from '../sandbox-client.ts'
import { createFetchHttpClient, loadIsomorphicGit } from '../git/isomorphic-git-runtime.ts'
import { createSandboxGitFilesystem } from '../git/sandbox-git-filesystem.ts'
import { abortableFetch, guardFilesystem, raceAbort } from './hydration-abort.ts'
import type { IWorkspaceManifestApplyOptions, TWorkspaceGitRepoEntry } from './workspace-manifest.ts'

const commitId = /^[0-9a-fA-F]{40}$/

/**
 * Clones `entry.url` into `targetPath` in the sandbox over smart HTTP: a branch or tag (shallow
 * with `depth`), or a commit id checked out detached. The target must be missing or empty; when
 * the clone fails or `options.signal` fires, what it wrote is removed again (after the last write
 * in flight has landed) and the error names the URL.
 */
export async function cloneGitRepoEntry(
  sandbox: ISandboxClient,
  entry: TWorkspaceGitRepoEntry,
  targetPath: string,
  options: IWorkspaceManifestApplyOptions
): Promise<void> {
  const existing = await sandbox.readdir(targetPath).catch((error: unknown) => {
    if (isSandboxError(error) && error.code === 'SANDBOX_NOT_FOUND') return undefined
    throw error
  })
  if (existing !== undefined && existing.length > 0) throw new Error(`git clone target ${targetPath} is not empty`)
  const { signal } = options
  const git = await raceAbort(loadIsomorphicGit(), signal).catch((error: unknown) => {
    throw describedCloneError(entry, error)
  })
  const guarded = guardFilesystem(createSandboxGitFilesystem(sandbox), signal)
  const { fs } = guarded
  const isCommit = entry.ref !== undefined && commitId.test(entry.ref)
  try {
    const clone = async () => {
      await git.clone({
        fs,
        http: createFetchHttpClient(abortableFetch(options.fetch ?? globalThis.fetch, signal)),
        dir: targetPath,
        url: entry.url,
        ...(options.gitCorsProxy === undefined ? {} : { corsProxy: options.gitCorsProxy }),
        ...(isCommit || entry.ref === undefined ? {} : { ref: entry.ref }),
        ...(isCommit || entry.depth === undefined ? {} : { depth: entry.depth }),
        singleBranch: !isCommit,
        noCheckout: isCommit
      })
      if (isCommit) await git.checkout({ fs, dir: targetPath, ref: entry.ref as string })
    }
    await raceAbort(clone(), signal)
  } catch (error) {
    // isomorphic-git takes no signal: once aborted its filesystem refuses new writes, and the
    // cleanup waits for the ones already running so none lands after it.
    await guarded.drained()
    if (existing === undefined) await sandbox.remove(targetPath, { recursive: true }).catch(() => undefined)
    else for (const child of await sandbox.readdir(targetPath)) await sandbox.remove(`${targetPath}/${child.name}`, { recursive: true })
    throw describedCloneError(entry, error)
  }
}

// What browsers and Node say when a request never got an answer (no server, no network, or a
// response without the CORS headers a page needs); the message alone does not say which.
const UNREACHABLE = /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|fetch failed)$/

function describedCloneError(entry: TWorkspaceGitRepoEntry, error: unknown): Error {
  const reason = error instanceof Error ? error.message : String(error)
  const hint = UNREACHABLE.test(reason)
    ? ' (the git server could not be reached: check that it is running and, from a browser, that it allows CORS from this page or that gitCorsProxy points at a proxy that does)'
    : ''
  return new Error(`git clone ${entry.url}${entry.ref === undefined ? '' : ` at ${entry.ref}`} failed: ${reason}${hint}`, { cause: error })
}
