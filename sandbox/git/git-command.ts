import type { Command, ExecResult, ResolvedCommandContext } from 'just-bash'
import { runBranch, runCheckout, runClone, runCommit, runInit, runLog } from './git-history-commands.ts'
import { loadIsomorphicGit } from './isomorphic-git-runtime.ts'
import { GitCommandFailure } from './git-invocation.ts'
import type { TGitCommandSettings, TGitInvocation } from './git-invocation.ts'
import { createJustBashGitFilesystem } from './just-bash-git-filesystem.ts'
import { runAdd, runDiff, runStatus } from './git-working-tree-commands.ts'

type TSubcommand = (invocation: TGitInvocation) => Promise<ExecResult>

const subcommands: Record<string, TSubcommand> = {
  init: runInit,
  clone: runClone,
  status: runStatus,
  add: runAdd,
  diff: runDiff,
  commit: runCommit,
  log: runLog,
  branch: runBranch,
  checkout: runCheckout,
  switch: runCheckout
}

const usage = `usage: git <command> [<args>]\n\ncommands: ${Object.keys(subcommands).join(', ')}\n`

/**
 * A `git` for just-bash over isomorphic-git (loaded on first use), working on the shell's own
 * filesystem: init, clone, status, add, diff, commit, log, branch, checkout.
 */
export function createGitCommand(settings: TGitCommandSettings): Command {
  return {
    name: 'git',
    trusted: true,
    async execute(args: string[], context: ResolvedCommandContext): Promise<ExecResult> {
      const [name, ...rest] = args
      if (name === undefined || name === '--help' || name === 'help') return { stdout: usage, stderr: '', exitCode: name === undefined ? 1 : 0 }
      const subcommand = subcommands[name]
      if (subcommand === undefined) return { stdout: '', stderr: `git: '${name}' is not a git command here. See 'git --help'.\n`, exitCode: 1 }
      try {
        const git = await loadIsomorphicGit()
        const fs = createJustBashGitFilesystem(context.fs)
        return await subcommand({ git, fs, cwd: context.cwd, env: context.env, args: rest, settings })
      } catch (error) {
        const exitCode = error instanceof GitCommandFailure ? error.exitCode : 128
        return { stdout: '', stderr: `fatal: ${error instanceof Error ? error.message : String(error)}\n`, exitCode }
      }
    }
  }
}
