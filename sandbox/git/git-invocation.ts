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
  return resolveSandboxPath(invocation.cwd, path)
}

/** `path` relative to the repository root, `.` for the root itself. */
export function toRepositoryPath(root: string, absolute: string): string {
  if (absolute === root) return '.'
  return absolute.slice(root === '/' ? 1 : root.length + 1)
}

/** The value after an option (`-m msg`, `--depth 1`) or after `--depth=1`, removing both from `args`. */
export function takeOption(args: string[], names: string[]): string | undefined {
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index] as string
    const inline = names.find((name) => argument.startsWith(`${name}=`))
    if (inline !== undefined) return args.splice(index, 1)[0]?.slice(inline.length + 1)
    if (names.includes(argument)) {
      if (index + 1 >= args.length) throw new GitCommandFailure(`option '${argument}' requires a value`, 129)
      return args.splice(index, 2)[1]
    }
  }
  return undefined
}

/** True when one of `names` is present as a flag, removing it from `args`. */
export function takeFlag(args: string[], names: string[]): boolean {
  const index = args.findIndex((argument) => names.includes(argument))
  if (index === -1) return false
  args.splice(index, 1)
  return true
}
