import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../in-memory/in-memory-sandbox-client.ts'

// The same shell script runs against the sandbox's git and against real git in a temporary
// directory; both must print the same output and exit with the same code. Commit ids and dates
// are the only things told apart, so each option is checked against git itself.

const identity = { GIT_AUTHOR_NAME: 'Ada', GIT_AUTHOR_EMAIL: 'ada@example.com', GIT_COMMITTER_NAME: 'Ada', GIT_COMMITTER_EMAIL: 'ada@example.com' }
const NOTES = "printf 'one\\ntwo\\nthree\\n' > notes.txt"
const REPOSITORY = `${NOTES} && mkdir -p src && echo 'export {}' > src/a.ts && git init -q && git add . && git commit -q -m first`
const EDITS = "printf 'one\\n2\\nthree\\nfour\\n' > notes.txt && echo fresh > extra.txt && git add extra.txt && rm src/a.ts"
const CHANGES = `${REPOSITORY} && ${EDITS}`

const SCENARIOS: Array<{ name: string; script: string }> = [
  { name: 'init -q into a directory', script: 'git init -q repo && test -d repo/.git && test ! -e ./-q && echo made' },
  { name: 'init --initial-branch and status -sb before any commit', script: `${NOTES} && git init --initial-branch=trunk -q && git status -sb` },
  { name: 'init -b then --show-current', script: 'git init -q -b trunk && git branch --show-current' },
  { name: 'status --short, --porcelain and -s with a path', script: `${CHANGES} && git status --short && git status --porcelain && git status -s -- src` },
  { name: 'status -sb after commits', script: `${CHANGES} && git status -sb` },
  { name: 'diff --stat', script: `${CHANGES} && git diff --stat` },
  { name: 'diff --cached --stat and --staged', script: `${CHANGES} && git diff --cached --stat && git diff --staged --name-only` },
  { name: 'diff --name-status', script: `${CHANGES} && git diff --name-status && git diff --cached --name-status` },
  { name: 'diff limited to a path', script: `${CHANGES} && git diff --stat notes.txt && git diff --name-only -- src && git diff --cached --stat -- notes.txt` },
  { name: 'diff as a patch, with its index lines', script: `${CHANGES} && git diff && git diff --cached` },
  { name: 'diff --quiet and --exit-code', script: `${CHANGES} && { git diff --quiet; echo "quiet $?"; git diff --exit-code --name-only; echo "exit $?"; git diff --quiet -- extra.txt; echo "clean $?"; }` },
  {
    name: 'diff --stat scaling a large change with a long name',
    script: `${REPOSITORY} && mkdir -p a/very/long/directory/name/for/the/stat/graph/to/shorten && seq 1 300 > a/very/long/directory/name/for/the/stat/graph/to/shorten/file.txt && seq 1 5 > short.txt && git add -A && git diff --cached --stat`
  },
  { name: 'commit -am, -q and several -m', script: `${CHANGES} && git commit -q -am "second" -m "with a body" && git log -n 1 && git status -s` },
  { name: 'commit reports what it recorded', script: `${NOTES} && mkdir src && echo 'export {}' > src/a.ts && git init -q && git add . && git commit -m first && ${EDITS} && git commit -am second && git commit --allow-empty -m empty` },
  { name: 'commit --allow-empty', script: `${REPOSITORY} && git commit -q --allow-empty -m empty && git log --oneline | wc -l` },
  { name: 'log --oneline with -N, -n N, -nN and --max-count=N', script: `${CHANGES} && git commit -q -am second && git log --oneline -1 && git log --oneline -n 1 && git log --oneline -n2 && git log --max-count=1 --oneline` },
  { name: 'log of a branch', script: `${REPOSITORY} && git branch old && echo more >> notes.txt && git commit -q -am second && git log --oneline old` },
  { name: 'branch create, list, --show-current and -d', script: `${REPOSITORY} && git branch feature && git branch --list && git branch --show-current && git branch -d feature && git branch` },
  { name: 'checkout -q -b and switch -c', script: `${REPOSITORY} && git checkout -q -b topic && git branch --show-current && git switch -c other && git switch -q main && git branch` },
  { name: 'checkout -- path', script: `${REPOSITORY} && echo scratch > notes.txt && git checkout -- notes.txt && cat notes.txt` },
  { name: '-C runs in another directory', script: `mkdir repo && cd repo && ${REPOSITORY} && cd .. && git -C repo status -s && git -C repo log --oneline | wc -l && git -C repo -C src status --short` }
]

function normalize(text: string, root: string): string {
  return text
    .split(root)
    .join('/workspace')
    .replace(/\b[0-9a-f]{40}\b/g, '<id>')
    .replace(/\b[0-9a-f]{7}\b/g, '<id>')
    .replace(/^Date: .*$/gm, 'Date: <date>')
}

const hasRealGit = spawnSync('git', ['--version']).status === 0
const roots: string[] = []
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

function runWithRealGit(script: string): { stdout: string; stderr: string; exitCode: number } {
  const root = mkdtempSync(join(tmpdir(), 'robota-git-contract-'))
  roots.push(root)
  const home = mkdtempSync(join(tmpdir(), 'robota-git-home-'))
  roots.push(home)
  writeFileSync(join(home, '.gitconfig'), '[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n')
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C', TZ: 'UTC', ...identity }
  const result = spawnSync('bash', ['-c', script], { cwd: root, env, encoding: 'utf8' })
  return { stdout: normalize(result.stdout, root), stderr: normalize(result.stderr, root), exitCode: result.status ?? -1 }
}

describe.runIf(hasRealGit)('the sandbox git parses options as git does', () => {
  it('runs against a real git', () => {
    expect(execFileSync('git', ['--version'], { encoding: 'utf8' })).toMatch(/^git version/)
  })

  it.each(SCENARIOS)('$name', async ({ script }) => {
    const sandbox = new InMemorySandboxClient()
    const inSandbox = await sandbox.run(script, { env: identity })
    const expected = runWithRealGit(script)
    expect({ ...inSandbox, stdout: normalize(inSandbox.stdout, '/workspace'), stderr: normalize(inSandbox.stderr, '/workspace') }).toEqual(expected)
  })
})
