import type { PromiseFsClient } from 'isomorphic-git'
import { resolveSandboxPath } from '../in-memory/sandbox-path.ts'
import type { TIsomorphicGit } from './isomorphic-git-runtime.ts'

// What every `git` subcommand shares: its inputs, its failure, and argument and path helpers.

/** How the shell's `git` reaches the network: only URLs under `allowedUrlPrefixes`, through `fetch`. */
export type TGitCommandSettings = {
  allowedUrlPrefixes: string[] | undefined
  fetch?: typeof fetch
}

/** Everything one `git` subcommand needs. */
export type TGitInvocation = {
  git: TIsomorphicGit
  fs: PromiseFsClient
  /** The shell's working directory. */
  cwd: string
  env: Map<string, string>
  /** Arguments after the subcommand name. */
  args: string[]
  settings: TGitCommandSettings
}

/** A failure reported as `fatal: <message>` with git's exit code 128 (or the one given). */
export class GitCommandFailure extends Error {
  constructor(
    message: string,
    readonly exitCode = 128
  ) {
    super(message)
  }
}

/** The repository holding the shell's working directory, as git finds it (walking up to `.git`). */
export async function findRepository(invocation: TGitInvocation): Promise<string> {
  try {
    return await invocation.git.findRoot({ fs: invocation.fs, filepath: invocation.cwd })
  } catch {
    throw new GitCommandFailure('not a git repository (or any of the parent directories): .git')
  }
}

/** An absolute path for a command-line path, relative to the shell's working directory. */
export function resolveArgumentPath(invocation: TGitInvocation, path: string): string {
  return resolveSandboxPath(invocation.cwd, path, 'git')
}

/** `path` relative to the repository root, `.` for the root itself. */
export function toRepositoryPath(root: string, absolute: string): string {
  if (absolute === root) return '.'
  return absolute.slice(root === '/' ? 1 : root.length + 1)
}

/** Command-line paths as absolute paths and as repository paths; a path outside the repository is refused, as git does. */
export function resolvePathspecs(invocation: TGitInvocation, root: string, paths: readonly string[]): { absolute: string[]; relative: string[] } {
  const absolute = paths.map((path) => resolveArgumentPath(invocation, path))
  const relative = absolute.map((path, index) => {
    if (path !== root && !path.startsWith(root === '/' ? '/' : `${root}/`)) {
      throw new GitCommandFailure(`${paths[index] ?? path}: '${path}' is outside repository at '${root}'`)
    }
    return toRepositoryPath(root, path)
  })
  return { absolute, relative }
}
