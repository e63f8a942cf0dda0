import type { ExecResult } from 'just-bash'
import { defineGitCommand, parseGitArguments } from './git-arguments.ts'
import { GitCommandFailure, findRepository, resolvePathspecs } from './git-invocation.ts'
import type { TGitInvocation } from './git-invocation.ts'

type TStatusRow = [string, number, number, number]

// statusMatrix columns: HEAD (0 absent, 1 present), WORKDIR (0 absent, 1 same as HEAD, 2 different),
// STAGE (0 absent, 1 same as HEAD, 2 same as WORKDIR, 3 different from both).
function statusCode([, head, workdir, stage]: TStatusRow): string {
  if (head === 0 && stage === 0) return workdir === 0 ? '  ' : '??'
  const index = head === 0 ? 'A' : stage === 0 ? 'D' : stage === 1 ? ' ' : workdir === 1 && stage === 2 ? ' ' : 'M'
  const worktree = workdir === 0 ? (stage === 0 ? ' ' : 'D') : stage === 3 || (stage === 1 && workdir === 2) ? 'M' : ' '
  return `${index}${worktree}`
}

async function changedRows(invocation: TGitInvocation, root: string, filepaths?: string[]): Promise<TStatusRow[]> {
  const rows = (await invocation.git.statusMatrix({ fs: invocation.fs, dir: root, ...(filepaths === undefined ? {} : { filepaths }) })) as TStatusRow[]
  return rows.filter((row) => statusCode(row).trim() !== '')
}

const statusSyntax = defineGitCommand('git status', '[-s | --short | --porcelain] [-b | --branch] [--long] [--] [<path>...]', {
  short: { names: ['-s', '--short', '--porcelain'] },
  branch: { names: ['-b', '--branch'] },
  long: { names: ['--long'] }
})

/** `git status` (long form) and `git status -s` / `--short` / `--porcelain`, with `-b` the branch line, limited to paths when given. */
export async function runStatus(invocation: TGitInvocation): Promise<ExecResult> {
  const { options, positionals, afterSeparator } = parseGitArguments(statusSyntax, invocation.args)
  const root = await findRepository(invocation)
  const pathspecs = resolvePathspecs(invocation, root, [...positionals, ...(afterSeparator ?? [])]).relative
  const rows = (await changedRows(invocation, root)).filter(
    ([filepath]) => pathspecs.length === 0 || pathspecs.some((path) => path === '.' || filepath === path || filepath.startsWith(`${path}/`))
  )
  const branch = await invocation.git.currentBranch({ fs: invocation.fs, dir: root })
  const head = await invocation.git.resolveRef({ fs: invocation.fs, dir: root, ref: 'HEAD' }).catch(() => '')
  // As git prints it: changes to tracked files first, untracked files last.
  const ordered = [...rows.filter((row) => statusCode(row) !== '??'), ...rows.filter((row) => statusCode(row) === '??')]
  if (options.short && !options.long) {
    const branchLine = branch === undefined ? '## HEAD (no branch)\n' : head === '' ? `## No commits yet on ${branch}\n` : `## ${branch}\n`
    return { stdout: `${options.branch ? branchLine : ''}${ordered.map((row) => `${statusCode(row)} ${row[0]}\n`).join('')}`, stderr: '', exitCode: 0 }
  }
  const sections: Array<[string, (code: string) => string | undefined]> = [
    ['Changes to be committed:', (code) => ({ A: 'new file', M: 'modified', D: 'deleted' })[code[0] as 'A' | 'M' | 'D']],
    ['Changes not staged for commit:', (code) => (code === '??' ? undefined : ({ M: 'modified', D: 'deleted' })[code[1] as 'M' | 'D'])],
    ['Untracked files:', (code) => (code === '??' ? '' : undefined)]
  ]
  let stdout = branch === undefined ? `HEAD detached at ${head.slice(0, 7)}\n` : `On branch ${branch}\n`
  for (const [title, label] of sections) {
    const lines = rows.flatMap((row) => {
      const text = label(statusCode(row))
      return text === undefined ? [] : [`\t${text === '' ? '' : `${text}:   `}${row[0]}\n`]
    })
    if (lines.length > 0) stdout += `${title}\n${lines.join('')}`
  }
  if (rows.length === 0) stdout += 'nothing to commit, working tree clean\n'
  return { stdout, stderr: '', exitCode: 0 }
}

const addSyntax = defineGitCommand('git add', '[-A | --all] [--] [<path>...]', { all: { names: ['-A', '--all'] } })

/** `git add <pathspec>…`, `git add .`, `git add -A`: stages additions, changes and deletions. */
export async function runAdd(invocation: TGitInvocation): Promise<ExecResult> {
  const { options, positionals, afterSeparator } = parseGitArguments(addSyntax, invocation.args)
  const pathspecs = [...positionals, ...(afterSeparator ?? [])]
  const root = await findRepository(invocation)
  if (!options.all && pathspecs.length === 0) return { stdout: '', stderr: 'Nothing specified, nothing added.\n', exitCode: 0 }
  const relative = resolvePathspecs(invocation, root, pathspecs).relative
  for (const [index, pathspec] of (options.all && pathspecs.length === 0 ? ['.'] : pathspecs).entries()) {
    const path = relative[index] ?? '.'
    const rows = await changedRows(invocation, root, path === '.' ? undefined : [path])
    const exists = await invocation.fs.promises.lstat(`${root}/${path}`).then(() => true, () => false)
    if (rows.length === 0 && !exists) throw new GitCommandFailure(`pathspec '${pathspec}' did not match any files`)
    for (const [filepath, , workdir] of rows) {
      if (workdir === 0) await invocation.git.remove({ fs: invocation.fs, dir: root, filepath })
      else await invocation.git.add({ fs: invocation.fs, dir: root, filepath })
    }
  }
  return { stdout: '', stderr: '', exitCode: 0 }
}
