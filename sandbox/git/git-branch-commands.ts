import type { ExecResult } from 'just-bash'
import { defineGitCommand, parseGitArguments, refuseExtraPositionals } from './git-arguments.ts'
import { GitCommandFailure, findRepository, resolvePathspecs } from './git-invocation.ts'
import type { TGitInvocation } from './git-invocation.ts'

const ok = (stdout = '', stderr = ''): ExecResult => ({ stdout, stderr, exitCode: 0 })

const branchSyntax = defineGitCommand('git branch', '[--list | --show-current] | <name> [<start-point>] | (-d | -D | --delete) <name>...', {
  delete: { names: ['-d', '-D', '--delete'] },
  list: { names: ['-l', '--list'] },
  showCurrent: { names: ['--show-current'] }
})

/** `git branch` (list, `*` on the current one), `--show-current`, `git branch <name> [<start-point>]`, `git branch -d <name>…`. */
export async function runBranch(invocation: TGitInvocation): Promise<ExecResult> {
  const { git, fs } = invocation
  const { options, positionals } = parseGitArguments(branchSyntax, invocation.args)
  const root = await findRepository(invocation)
  const current = await git.currentBranch({ fs, dir: root })
  if (options.showCurrent) {
    refuseExtraPositionals(branchSyntax, positionals, 0)
    return ok(current === undefined ? '' : `${current}\n`)
  }
  if (options.delete) {
    if (positionals.length === 0) throw new GitCommandFailure('branch name required')
    let stdout = ''
    for (const name of positionals) {
      if (name === current) throw new GitCommandFailure(`Cannot delete branch '${name}' checked out at '${root}'`, 1)
      const id = await git.resolveRef({ fs, dir: root, ref: `refs/heads/${name}` }).catch(() => undefined)
      if (id === undefined) throw new GitCommandFailure(`branch '${name}' not found.`, 1)
      await git.deleteBranch({ fs, dir: root, ref: name })
      stdout += `Deleted branch ${name} (was ${id.slice(0, 7)}).\n`
    }
    return ok(stdout)
  }
  if (positionals.length > 0 && !options.list) {
    refuseExtraPositionals(branchSyntax, positionals, 2)
    const [name, start] = positionals as [string, string | undefined]
    await git.branch({ fs, dir: root, ref: name, ...(start === undefined ? {} : { object: start }) })
    return ok()
  }
  const branches = await git.listBranches({ fs, dir: root })
  return ok(branches.map((name) => `${name === current ? '*' : ' '} ${name}\n`).join(''))
}

const checkoutSyntax = defineGitCommand('git checkout', '[-q | --quiet] (<branch> | -b <new-branch> [<start-point>] | [<commit>] -- <path>...)', {
  quiet: { names: ['-q', '--quiet'] },
  create: { names: ['-b'], takesValue: true }
})

/** `git checkout <branch|tag|commit>`, `git checkout -b <new branch> [<start-point>]`, `git checkout [<commit>] -- <paths>`. */
export async function runCheckout(invocation: TGitInvocation): Promise<ExecResult> {
  const { options, positionals, afterSeparator } = parseGitArguments(checkoutSyntax, invocation.args)
  const created = options.create.at(-1)
  if (afterSeparator !== undefined) {
    if (created !== undefined) throw new GitCommandFailure("'-b' cannot be used with paths", 128)
    refuseExtraPositionals(checkoutSyntax, positionals, 1)
    const root = await findRepository(invocation)
    const filepaths = resolvePathspecs(invocation, root, afterSeparator).relative
    const ref = positionals[0]
    await invocation.git.checkout({ fs: invocation.fs, dir: root, force: true, filepaths, ...(ref === undefined ? {} : { ref }) })
    return ok()
  }
  refuseExtraPositionals(checkoutSyntax, positionals, 1)
  return switchTo(invocation, { ref: positionals[0], created, quiet: options.quiet })
}

const switchSyntax = defineGitCommand('git switch', '[-q | --quiet] (<branch> | (-c | --create) <new-branch> [<start-point>])', {
  quiet: { names: ['-q', '--quiet'] },
  create: { names: ['-c', '--create'], takesValue: true }
})

/** `git switch <branch>`, `git switch -c <new branch> [<start-point>]`. */
export async function runSwitch(invocation: TGitInvocation): Promise<ExecResult> {
  const { options, positionals, afterSeparator } = parseGitArguments(switchSyntax, invocation.args)
  refuseExtraPositionals(switchSyntax, [...positionals, ...(afterSeparator ?? [])], 1)
  return switchTo(invocation, { ref: positionals[0], created: options.create.at(-1), quiet: options.quiet })
}

async function switchTo(
  invocation: TGitInvocation,
  { ref, created, quiet }: { ref: string | undefined; created: string | undefined; quiet: boolean }
): Promise<ExecResult> {
  const { git, fs } = invocation
  const root = await findRepository(invocation)
  if (created !== undefined) {
    if (ref !== undefined) await git.checkout({ fs, dir: root, ref })
    await git.branch({ fs, dir: root, ref: created, checkout: true })
    return ok('', quiet ? '' : `Switched to a new branch '${created}'\n`)
  }
  if (ref === undefined) throw new GitCommandFailure('you must name a branch, tag or commit to check out', 129)
  await git.checkout({ fs, dir: root, ref })
  if (quiet) return ok()
  const branch = await git.currentBranch({ fs, dir: root })
  return ok('', branch === ref ? `Switched to branch '${ref}'\n` : `HEAD is now at ${ref.slice(0, 7)}\n`)
}
