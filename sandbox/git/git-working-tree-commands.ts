import type { ExecResult } from 'just-bash'
import { GitCommandFailure, findRepository, resolveArgumentPath, takeFlag, toRepositoryPath } from './git-invocation.ts'
import type { TGitInvocation } from './git-invocation.ts'
import { formatHunks } from './unified-diff.ts'

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

/** `git status` (long form) and `git status -s` / `--short` / `--porcelain`. */
export async function runStatus(invocation: TGitInvocation): Promise<ExecResult> {
  const root = await findRepository(invocation)
  const short = takeFlag(invocation.args, ['-s', '--short', '--porcelain'])
  const rows = await changedRows(invocation, root)
  // As git prints it: changes to tracked files first, untracked files last.
  const ordered = [...rows.filter((row) => statusCode(row) !== '??'), ...rows.filter((row) => statusCode(row) === '??')]
  if (short) return { stdout: ordered.map((row) => `${statusCode(row)} ${row[0]}\n`).join(''), stderr: '', exitCode: 0 }
  const branch = await invocation.git.currentBranch({ fs: invocation.fs, dir: root })
  const head = branch === undefined ? await invocation.git.resolveRef({ fs: invocation.fs, dir: root, ref: 'HEAD' }).catch(() => '') : ''
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

/** `git add <pathspec>…`, `git add .`, `git add -A`: stages additions, changes and deletions. */
export async function runAdd(invocation: TGitInvocation): Promise<ExecResult> {
  const root = await findRepository(invocation)
  const everything = takeFlag(invocation.args, ['-A', '--all'])
  if (!everything && invocation.args.length === 0) return { stdout: '', stderr: 'Nothing specified, nothing added.\n', exitCode: 0 }
  for (const pathspec of everything ? ['.'] : invocation.args) {
    const path = everything ? '.' : toRepositoryPath(root, resolveArgumentPath(invocation, pathspec))
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

/** `git diff` (working tree against the index) and `git diff --cached` (index against HEAD). */
export async function runDiff(invocation: TGitInvocation): Promise<ExecResult> {
  const root = await findRepository(invocation)
  const { git, fs } = invocation
  const cached = takeFlag(invocation.args, ['--cached', '--staged'])
  const nameOnly = takeFlag(invocation.args, ['--name-only'])
  const trees = cached ? [git.TREE({ ref: 'HEAD' }), git.STAGE()] : [git.STAGE(), git.WORKDIR()]
  const files = (await git.walk({
    fs,
    dir: root,
    trees,
    map: async (filepath, [before, after]) => {
      if (filepath === '.' || (await before?.type()) === 'tree' || (await after?.type()) === 'tree') return undefined
      if (!cached && before === null) return undefined
      const [beforeId, afterId] = [await before?.oid(), await after?.oid()]
      if (beforeId === afterId) return undefined
      // A STAGE entry has no content of its own: its blob is read by id.
      const decode = async (entry: typeof before, oid: string | undefined): Promise<string> => {
        const content = (await entry?.content()) ?? (oid === undefined ? undefined : (await git.readBlob({ fs, dir: root, oid })).blob)
        return new TextDecoder().decode(content ?? new Uint8Array())
      }
      return {
        filepath,
        before: before === null ? undefined : await decode(before, beforeId),
        after: after === null ? undefined : await decode(after, afterId)
      }
    }
  })) as Array<{ filepath: string; before: string | undefined; after: string | undefined }>
  if (nameOnly) return { stdout: files.map((file) => `${file.filepath}\n`).join(''), stderr: '', exitCode: 0 }
  const stdout = files
    .map(({ filepath, before, after }) => {
      const header = `diff --git a/${filepath} b/${filepath}\n${before === undefined ? 'new file mode 100644\n' : ''}${after === undefined ? 'deleted file mode 100644\n' : ''}`
      return `${header}--- ${before === undefined ? '/dev/null' : `a/${filepath}`}\n+++ ${after === undefined ? '/dev/null' : `b/${filepath}`}\n${formatHunks(before ?? '', after ?? '')}`
    })
    .join('')
  return { stdout, stderr: '', exitCode: 0 }
}
