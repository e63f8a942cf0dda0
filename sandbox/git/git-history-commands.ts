import type { ExecResult } from 'just-bash'
import { GitCommandFailure, findRepository, resolveArgumentPath, takeFlag, takeOption } from './git-invocation.ts'
import type { TGitInvocation } from './git-invocation.ts'
import { createFetchHttpClient } from './isomorphic-git-runtime.ts'

const ok = (stdout = '', stderr = ''): ExecResult => ({ stdout, stderr, exitCode: 0 })

/** `git init [directory]`, on branch `main`. */
export async function runInit(invocation: TGitInvocation): Promise<ExecResult> {
  const dir = resolveArgumentPath(invocation, invocation.args[0] ?? '.')
  await invocation.git.init({ fs: invocation.fs, dir, defaultBranch: 'main' })
  return ok(`Initialized empty Git repository in ${dir === '/' ? '' : dir}/.git/\n`)
}

/** `git clone [--depth N] [--branch B] <url> [directory]`, only to URLs the sandbox allows. */
export async function runClone(invocation: TGitInvocation): Promise<ExecResult> {
  const { args, settings } = invocation
  const depthText = takeOption(args, ['--depth'])
  const ref = takeOption(args, ['--branch', '-b'])
  takeFlag(args, ['--single-branch', '-q', '--quiet'])
  const [url, target] = args
  if (url === undefined) throw new GitCommandFailure('You must specify a repository to clone.', 129)
  const depth = depthText === undefined ? undefined : Number.parseInt(depthText, 10)
  if (depth !== undefined && !(depth > 0)) throw new GitCommandFailure(`depth ${depthText} is not a positive number`)
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
    singleBranch: ref !== undefined || depth !== undefined,
    ...(ref === undefined ? {} : { ref }),
    ...(depth === undefined ? {} : { depth })
  })
  return ok('', `Cloning into '${name}'...\n`)
}

function author(invocation: TGitInvocation): { name: string; email: string } {
  return {
    name: invocation.env.get('GIT_AUTHOR_NAME') ?? 'Robota Agent',
    email: invocation.env.get('GIT_AUTHOR_EMAIL') ?? 'agent@robota.local'
  }
}

/** `git commit -m <message> [-a]`; exit code 1 with nothing staged, as git does. */
export async function runCommit(invocation: TGitInvocation): Promise<ExecResult> {
  const { git, fs, args } = invocation
  const root = await findRepository(invocation)
  const all = takeFlag(args, ['-a', '--all'])
  const message = takeOption(args, ['-m', '--message'])
  if (message === undefined) throw new GitCommandFailure('no commit message given: use -m <message>')
  const rows = (await git.statusMatrix({ fs, dir: root })) as Array<[string, number, number, number]>
  if (all) {
    for (const [filepath, head, workdir, stage] of rows) {
      if (head === 1 && workdir === 0 && stage !== 0) await git.remove({ fs, dir: root, filepath })
      else if (head === 1 && workdir === 2 && stage !== 2) await git.add({ fs, dir: root, filepath })
    }
  }
  const staged = (await git.statusMatrix({ fs, dir: root })).some(([, head, , stage]) => stage !== head)
  if (!staged) return { stdout: 'nothing to commit, working tree clean\n', stderr: '', exitCode: 1 }
  const isRoot = (await git.resolveRef({ fs, dir: root, ref: 'HEAD' }).catch(() => undefined)) === undefined
  const id = await git.commit({ fs, dir: root, message, author: author(invocation) })
  const branch = (await git.currentBranch({ fs, dir: root })) ?? 'detached HEAD'
  return ok(`[${branch}${isRoot ? ' (root-commit)' : ''} ${id.slice(0, 7)}] ${message.split('\n')[0] ?? ''}\n`)
}

/** `git log [--oneline] [-n N | -N]`. */
export async function runLog(invocation: TGitInvocation): Promise<ExecResult> {
  const root = await findRepository(invocation)
  const { args } = invocation
  const oneline = takeFlag(args, ['--oneline'])
  const shortCount = args.find((argument) => /^-\d+$/.test(argument))
  const count = takeOption(args, ['-n', '--max-count']) ?? shortCount?.slice(1)
  const entries = await invocation.git.log({ fs: invocation.fs, dir: root, ...(count === undefined ? {} : { depth: Number(count) }) })
  const stdout = entries
    .map(({ oid, commit }) => {
      if (oneline) return `${oid.slice(0, 7)} ${commit.message.split('\n')[0] ?? ''}\n`
      const date = new Date(commit.author.timestamp * 1000).toUTCString()
      const body = commit.message.trimEnd().split('\n').map((line) => `    ${line}`).join('\n')
      return `commit ${oid}\nAuthor: ${commit.author.name} <${commit.author.email}>\nDate:   ${date}\n\n${body}\n`
    })
    .join(oneline ? '' : '\n')
  return ok(stdout)
}

/** `git branch` (list, `*` on the current one), `git branch <name>`, `git branch -d <name>`. */
export async function runBranch(invocation: TGitInvocation): Promise<ExecResult> {
  const { git, fs, args } = invocation
  const root = await findRepository(invocation)
  const deleted = takeOption(args, ['-d', '-D', '--delete'])
  if (deleted !== undefined) {
    await git.deleteBranch({ fs, dir: root, ref: deleted })
    return ok(`Deleted branch ${deleted}.\n`)
  }
  if (args[0] !== undefined) {
    await git.branch({ fs, dir: root, ref: args[0] })
    return ok()
  }
  const current = await git.currentBranch({ fs, dir: root })
  const branches = await git.listBranches({ fs, dir: root })
  return ok(branches.map((name) => `${name === current ? '*' : ' '} ${name}\n`).join(''))
}

/** `git checkout <branch|tag|commit>`, `git checkout -b <new branch>`, `git checkout -- <paths>`. */
export async function runCheckout(invocation: TGitInvocation): Promise<ExecResult> {
  const { git, fs, args } = invocation
  const root = await findRepository(invocation)
  const separator = args.indexOf('--')
  if (separator !== -1) {
    const filepaths = args.slice(separator + 1).map((path) => resolveArgumentPath(invocation, path).slice(root.length + 1))
    await git.checkout({ fs, dir: root, force: true, filepaths })
    return ok()
  }
  const created = takeOption(args, ['-b', '-c', '--create'])
  if (created !== undefined) {
    await git.branch({ fs, dir: root, ref: created, checkout: true })
    return ok('', `Switched to a new branch '${created}'\n`)
  }
  const ref = args[0]
  if (ref === undefined) throw new GitCommandFailure('you must name a branch, tag or commit to check out', 129)
  await git.checkout({ fs, dir: root, ref })
  const branch = await git.currentBranch({ fs, dir: root })
  return ok('', branch === ref ? `Switched to branch '${ref}'\n` : `HEAD is now at ${ref.slice(0, 7)}\n`)
}
