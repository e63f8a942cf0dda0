import type { ExecResult } from 'just-bash'
import { formatDiffStat } from './diff-stat.ts'
import { defineGitCommand, parseGitArguments } from './git-arguments.ts'
import { findRepository, GitCommandFailure, resolvePathspecs, type TGitInvocation } from './git-invocation.ts'
import { countChangedLines, findChangedFiles, type TChangedFile, type TFileSide } from './changed-files.ts'
import { formatHunks } from './unified-diff.ts'

const diffSyntax = defineGitCommand('git diff', '[--cached | --staged] [--stat | --name-only | --name-status] [--quiet | --exit-code] [--] [<path>...]', {
  cached: { names: ['--cached', '--staged'] },
  stat: { names: ['--stat'] },
  nameOnly: { names: ['--name-only'] },
  nameStatus: { names: ['--name-status'] },
  quiet: { names: ['--quiet'] },
  exitCode: { names: ['--exit-code'] }
})

/**
 * `git diff` (working tree against the index) and `git diff --cached` (index against HEAD), as a
 * patch, `--stat`, `--name-only` or `--name-status`, limited to paths when given; `--quiet` and
 * `--exit-code` exit 1 when something differs.
 */
export async function runDiff(invocation: TGitInvocation): Promise<ExecResult> {
  const { options, positionals, afterSeparator } = parseGitArguments(diffSyntax, invocation.args)
  const root = await findRepository(invocation)
  const named = resolvePathspecs(invocation, root, positionals)
  for (const [index, absolute] of named.absolute.entries()) {
    // This git diff takes no revisions, so a word before `--` must name a path, as git requires.
    if (!(await invocation.fs.promises.lstat(absolute).then(() => true, () => false))) {
      throw new GitCommandFailure(
        `ambiguous argument '${positionals[index] ?? absolute}': unknown revision or path not in the working tree (this git diff compares the working tree, the index and HEAD, not other revisions)`
      )
    }
  }
  const pathspecs = [...named.relative, ...resolvePathspecs(invocation, root, afterSeparator ?? []).relative]
  const { git } = invocation
  const [before, after] = options.cached ? [git.TREE({ ref: 'HEAD' }), git.STAGE()] : [git.STAGE(), git.WORKDIR()]
  const files = (await findChangedFiles(invocation, root, before, after, { trackedOnly: !options.cached })).filter(
    ({ filepath }) => pathspecs.length === 0 || pathspecs.some((path) => path === '.' || filepath === path || filepath.startsWith(`${path}/`))
  )
  const exitCode = (options.quiet || options.exitCode) && files.length > 0 ? 1 : 0
  if (options.quiet) return { stdout: '', stderr: '', exitCode }
  return { stdout: formatChanges(files, options), stderr: '', exitCode }
}

function formatChanges(files: readonly TChangedFile[], options: { stat: boolean; nameOnly: boolean; nameStatus: boolean }): string {
  if (options.nameOnly) return files.map((file) => `${file.filepath}\n`).join('')
  if (options.nameStatus) {
    return files.map((file) => `${file.before === undefined ? 'A' : file.after === undefined ? 'D' : 'M'}\t${file.filepath}\n`).join('')
  }
  if (options.stat) {
    return formatDiffStat(files.map(countChangedLines))
  }
  return files
    .map(({ filepath, before, after }) => {
      const paths = `--- ${before === undefined ? '/dev/null' : `a/${filepath}`}\n+++ ${after === undefined ? '/dev/null' : `b/${filepath}`}\n`
      return `diff --git a/${filepath} b/${filepath}\n${patchHeader(before, after)}${paths}${formatHunks(before?.text ?? '', after?.text ?? '')}`
    })
    .join('')
}

// The lines git prints between `diff --git` and `---`: modes when they appear, vanish or change,
// and the abbreviated blob ids.
function patchHeader(before: TFileSide | undefined, after: TFileSide | undefined): string {
  const short = (side: TFileSide | undefined) => (side === undefined ? '0000000' : side.id.slice(0, 7))
  const ids = `index ${short(before)}..${short(after)}`
  if (before === undefined) return `new file mode ${after?.mode ?? '100644'}\n${ids}\n`
  if (after === undefined) return `deleted file mode ${before.mode}\n${ids}\n`
  if (before.mode !== after.mode) return `old mode ${before.mode}\nnew mode ${after.mode}\n${ids}\n`
  return `${ids} ${after.mode}\n`
}
