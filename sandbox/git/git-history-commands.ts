import type { ExecResult } from 'just-bash'
import { countChangedLines, findChangedFiles } from './changed-files.ts'
import { formatChangeSummary } from './diff-stat.ts'
import { defineGitCommand, parseGitArguments, refuseExtraPositionals } from './git-arguments.ts'
import { GitCommandFailure, findRepository, resolveArgumentPath } from './git-invocation.ts'
import type { TGitInvocation } from './git-invocation.ts'
import { createFetchHttpClient } from './isomorphic-git-runtime.ts'

const ok = (stdout = '', stderr = ''): ExecResult => ({ stdout, stderr, exitCode: 0 })

const initSyntax = defineGitCommand('git init', '[-q | --quiet] [-b <branch> | --initial-branch=<branch>] [<directory>]', {
  quiet: { names: ['-q', '--quiet'] },
  initialBranch: { names: ['-b', '--initial-branch'], takesValue: true }
})

/** `git init [-q] [-b <branch>] [directory]`, on branch `main` unless `-b` names another. */
export async function runInit(invocation: TGitInvocation): Promise<ExecResult> {
  const { options, positionals } = parseGitArguments(initSyntax, invocation.args)
  refuseExtraPositionals(initSyntax, positionals, 1)
  const dir = resolveArgumentPath(invocation, positionals[0] ?? '.')
  await invocation.git.init({ fs: invocation.fs, dir, defaultBranch: options.initialBranch.at(-1) ?? 'main' })
  return ok(options.quiet ? '' : `Initialized empty Git repository in ${dir === '/' ? '' : dir}/.git/\n`)
}

const cloneSyntax = defineGitCommand('git clone', '[-q | --quiet] [--depth <n>] [-b <branch> | --branch <branch>] [--single-branch] <url> [<directory>]', {
  quiet: { names: ['-q', '--quiet'] },
  depth: { names: ['--depth'], takesValue: true },
  branch: { names: ['-b', '--branch'], takesValue: true },
  singleBranch: { names: ['--single-branch'] }
})

/** `git clone [-q] [--depth N] [--branch B] [--single-branch] <url> [directory]`, only from URLs the sandbox allows. */
export async function runClone(invocation: TGitInvocation): Promise<ExecResult> {
  const { settings } = invocation
  const { options, positionals } = parseGitArguments(cloneSyntax, invocation.args)
  refuseExtraPositionals(cloneSyntax, positionals, 2)
  const [url, target] = positionals
  if (url === undefined) throw new GitCommandFailure('You must specify a repository to clone.', 129)
  const depthText = options.depth.at(-1)
  const ref = options.branch.at(-1)
  const depth = depthText === undefined ? undefined : Number(depthText)
  if (depth !== undefined && !(Number.isInteger(depth) && depth > 0)) throw new GitCommandFailure(`depth ${depthText} is not a positive number`)
  if (!(settings.allowedUrlPrefixes ?? []).some((prefix) => url.startsWith(prefix))) {
    throw new GitCommandFailure(`unable to access '${url}': network access is not allowed for this URL in this sandbox`)
  }
  const name = target ?? url.replace(/\/+$/, '').split('/').pop()?.replace(/\.git$/, '') ?? 'repository'
  const dir = resolveArgumentPath(invocation, name)
  await invocation.git.clone({
    fs: invocation.fs,
    http: createFetchHttpClient(settings.fetch ?? globalThis.fetch),
    dir,
    url,
    singleBranch: options.singleBranch || ref !== undefined || depth !== undefined,
    ...(ref === undefined ? {} : { ref }),
    ...(depth === undefined ? {} : { depth })
  })
  return ok('', options.quiet ? '' : `Cloning into '${name}'...\n`)
}

function author(invocation: TGitInvocation): { name: string; email: string } {
  return {
    name: invocation.env.get('GIT_AUTHOR_NAME') ?? 'Robota Agent',
    email: invocation.env.get('GIT_AUTHOR_EMAIL') ?? 'agent@robota.local'
  }
}

const commitSyntax = defineGitCommand('git commit', '[-q | --quiet] [-a | --all] [--allow-empty] -m <message> [-m <paragraph>...]', {
  quiet: { names: ['-q', '--quiet'] },
  all: { names: ['-a', '--all'] },
  allowEmpty: { names: ['--allow-empty'] },
  message: { names: ['-m', '--message'], takesValue: true }
})

/** `git commit [-q] [-a] [--allow-empty] -m <message> [-m <paragraph>…]`; exit code 1 with nothing staged, as git does. */
export async function runCommit(invocation: TGitInvocation): Promise<ExecResult> {
  const { git, fs } = invocation
  const { options, positionals, afterSeparator } = parseGitArguments(commitSyntax, invocation.args)
  // Committing only some paths would need a second index; this git commits what is staged.
  refuseExtraPositionals(commitSyntax, [...positionals, ...(afterSeparator ?? [])], 0)
  const root = await findRepository(invocation)
  // Each -m is a paragraph, as git joins them.
  const message = options.message.length === 0 ? undefined : options.message.join('\n\n')
  if (message === undefined) throw new GitCommandFailure('no commit message given: use -m <message>')
  const rows = (await git.statusMatrix({ fs, dir: root })) as Array<[string, number, number, number]>
  if (options.all) {
    for (const [filepath, head, workdir, stage] of rows) {
      if (head === 1 && workdir === 0 && stage !== 0) await git.remove({ fs, dir: root, filepath })
      else if (head === 1 && workdir === 2 && stage !== 2) await git.add({ fs, dir: root, filepath })
    }
  }
  const staged = (await git.statusMatrix({ fs, dir: root })).some(([, head, , stage]) => stage !== head)
  if (!staged && !options.allowEmpty) return { stdout: 'nothing to commit, working tree clean\n', stderr: '', exitCode: 1 }
  const parent = await git.resolveRef({ fs, dir: root, ref: 'HEAD' }).catch(() => undefined)
  const id = await git.commit({ fs, dir: root, message, author: author(invocation) })
  if (options.quiet) return ok()
  const branch = (await git.currentBranch({ fs, dir: root })) ?? 'detached HEAD'
  const title = `[${branch}${parent === undefined ? ' (root-commit)' : ''} ${id.slice(0, 7)}] ${message.split('\n')[0] ?? ''}\n`
  return ok(`${title}${await describeCommit(invocation, root, parent, id)}`)
}

// What git prints under a commit's title: the change summary, then each file created or deleted.
async function describeCommit(invocation: TGitInvocation, root: string, parent: string | undefined, id: string): Promise<string> {
  const { git } = invocation
  const files = await findChangedFiles(invocation, root, parent === undefined ? undefined : git.TREE({ ref: parent }), git.TREE({ ref: id }))
  if (files.length === 0) return ''
  const modes = files.flatMap(({ filepath, before, after }) => {
    if (before === undefined) return [` create mode ${after?.mode ?? '100644'} ${filepath}\n`]
    if (after === undefined) return [` delete mode ${before.mode} ${filepath}\n`]
    return before.mode === after.mode ? [] : [` mode change ${before.mode} => ${after.mode} ${filepath}\n`]
  })
  return `${formatChangeSummary(files.map(countChangedLines))}${modes.join('')}`
}

const logSyntax = defineGitCommand('git log', '[--oneline] [-n <count> | --max-count=<count> | -<count>] [<branch>]', {
  oneline: { names: ['--oneline'] },
  maxCount: { names: ['-n', '--max-count'], takesValue: true, numericShorthand: true }
})

/** `git log [--oneline] [-n N | --max-count=N | -N] [<branch>]`. */
export async function runLog(invocation: TGitInvocation): Promise<ExecResult> {
  const { options, positionals } = parseGitArguments(logSyntax, invocation.args)
  refuseExtraPositionals(logSyntax, positionals, 1)
  const root = await findRepository(invocation)
  const countText = options.maxCount.at(-1)
  const count = countText === undefined ? undefined : Number(countText)
  if (count !== undefined && !(Number.isInteger(count) && count >= 0)) throw new GitCommandFailure(`'${countText}': not a count of commits`, 129)
  if (count === 0) return ok()
  const ref = positionals[0] ?? 'HEAD'
  const entries = await invocation.git.log({ fs: invocation.fs, dir: root, ref, ...(count === undefined ? {} : { depth: count }) })
  const stdout = entries
    .map(({ oid, commit }) => {
      if (options.oneline) return `${oid.slice(0, 7)} ${commit.message.split('\n')[0] ?? ''}\n`
      const date = new Date(commit.author.timestamp * 1000).toUTCString()
      const body = commit.message.trimEnd().split('\n').map((line) => `    ${line}`).join('\n')
      return `commit ${oid}\nAuthor: ${commit.author.name} <${commit.author.email}>\nDate:   ${date}\n\n${body}\n`
    })
    .join(options.oneline ? '' : '\n')
  return ok(stdout)
}
