import type { Command, ExecResult, ResolvedCommandContext } from 'just-bash'
import { resolveSandboxPath } from '../in-memory/sandbox-path.ts'
import { GitUsageFailure } from './git-arguments.ts'
import { runBranch, runCheckout, runSwitch } from './git-branch-commands.ts'
import { runDiff } from './git-diff-command.ts'
import { runClone, runCommit, runInit, runLog } from './git-history-commands.ts'
import { loadIsomorphicGit } from './isomorphic-git-runtime.ts'
import { GitCommandFailure } from './git-invocation.ts'
import type { TGitCommandSettings, TGitInvocation } from './git-invocation.ts'
import { createJustBashGitFilesystem } from './just-bash-git-filesystem.ts'
import { runAdd, runStatus } from './git-working-tree-commands.ts'

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
  switch: runSwitch
}

const usage = `usage: git [-C <path>] [--no-pager] <command> [<args>]\n\ncommands: ${Object.keys(subcommands).join(', ')}\n`

/** The options before the subcommand: `-C <path>` (each relative to the last) and `--no-pager`, which changes nothing here. */
function readGlobalOptions(args: readonly string[], cwd: string): { cwd: string; rest: string[] } {
  let index = 0
  let directory = cwd
  for (; index < args.length; index += 1) {
    const argument = args[index] as string
    if (!argument.startsWith('-') || argument === '--help') break
    if (argument === '--no-pager') continue
    if (argument === '-C') {
      const path = args[index + 1]
      if (path === undefined) throw new GitUsageFailure("option '-C' requires a value", usage.trimEnd())
      directory = resolveSandboxPath(directory, path, 'git -C')
      index += 1
      continue
    }
    throw new GitUsageFailure(`unknown option '${argument}'`, usage.trimEnd())
  }
  return { cwd: directory, rest: args.slice(index) }
}

/**
 * A `git` for just-bash over isomorphic-git (loaded on first use), working on the shell's own
 * filesystem: init, clone, status, add, diff, commit, log, branch, checkout, switch. Each
 * subcommand parses its options from a table; an option it does not support is refused with
 * exit 129 and a message naming it, never taken for a path.
 */
export function createGitCommand(settings: TGitCommandSettings): Command {
  return {
    name: 'git',
    trusted: true,
    async execute(args: string[], context: ResolvedCommandContext): Promise<ExecResult> {
      try {
        const { cwd, rest } = readGlobalOptions(args, context.cwd)
        const [name, ...subcommandArgs] = rest
        if (name === undefined || name === '--help' || name === 'help') return { stdout: usage, stderr: '', exitCode: name === undefined ? 1 : 0 }
        const subcommand = subcommands[name]
        if (subcommand === undefined) return { stdout: '', stderr: `git: '${name}' is not a git command here. See 'git --help'.\n`, exitCode: 1 }
        if (cwd !== context.cwd && !(await context.fs.stat(cwd).then((stat) => stat.isDirectory, () => false))) {
          throw new GitCommandFailure(`cannot change to '${cwd}': No such file or directory`)
        }
        const git = await loadIsomorphicGit()
        const fs = createJustBashGitFilesystem(context.fs)
        return await subcommand({ git, fs, cwd, env: context.env, args: subcommandArgs, settings })
      } catch (error) {
        if (error instanceof GitUsageFailure) return { stdout: '', stderr: `error: ${error.message}\n${error.usage}\n`, exitCode: error.exitCode }
        const exitCode = error instanceof GitCommandFailure ? error.exitCode : 128
        return { stdout: '', stderr: `fatal: ${error instanceof Error ? error.message : String(error)}\n`, exitCode }
      }
    }
  }
}
