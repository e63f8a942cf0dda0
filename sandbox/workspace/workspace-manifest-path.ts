import { WorkspaceManifestError } from './workspace-manifest-error.ts'

/** The directory entries land in when `targetRoot` is not given. */
export const DEFAULT_WORKSPACE_TARGET_ROOT = '/workspace'

const driveLetter = /^[A-Za-z]:/

/**
 * The reason `path` cannot name a manifest entry, or `undefined` when it can. Entries are
 * workspace-relative POSIX paths that stay inside the workspace and name something below its root.
 */
export function describeWorkspaceManifestPathProblem(path: unknown): string | undefined {
  if (typeof path !== 'string') return 'the path is not a string'
  if (path.length === 0) return 'the path is empty'
  if (path.includes('\0')) return 'the path contains a NUL character'
  if (path.includes('\\')) return 'the path contains a backslash; use forward slashes'
  if (driveLetter.test(path)) return 'the path starts with a drive letter; use a workspace-relative path'
  if (path.startsWith('/')) return 'the path is absolute; use a workspace-relative path'
  const segments = path.split('/')
  if (segments.includes('..')) return "the path contains a '..' segment, which could leave the workspace"
  if (segments.every((segment) => segment === '' || segment === '.')) return 'the path resolves to the workspace root itself'
  return undefined
}

/**
 * Checks one entry path and returns it normalized (`./a//b/` becomes `a/b`). Throws a
 * `WorkspaceManifestError` naming the entry for empty, absolute, drive-letter, backslash, NUL,
 * `..` and root-resolving paths.
 */
export function validateWorkspaceManifestPath(path: string): string {
  const problem = describeWorkspaceManifestPathProblem(path)
  if (problem !== undefined) {
    throw new WorkspaceManifestError('WORKSPACE_MANIFEST_INVALID', [`entry ${JSON.stringify(path)}: ${problem}`])
  }
  return path
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/')
}

/** The reason `root` cannot be a target root (it must be an absolute POSIX path), or `undefined`. */
export function describeTargetRootProblem(root: unknown): string | undefined {
  if (typeof root !== 'string' || root.length === 0) return 'targetRoot must be a non-empty string'
  if (!root.startsWith('/')) return `targetRoot ${JSON.stringify(root)} must be an absolute path`
  if (root.includes('\0') || root.includes('\\')) return `targetRoot ${JSON.stringify(root)} contains a NUL or a backslash`
  if (root.split('/').includes('..')) return `targetRoot ${JSON.stringify(root)} contains a '..' segment`
  return undefined
}

/** Joins a normalized target root and a normalized entry path. */
export function joinWorkspacePath(root: string, path: string): string {
  const trimmedRoot = root
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/')
  return trimmedRoot === '' ? `/${path}` : `/${trimmedRoot}/${path}`
}
