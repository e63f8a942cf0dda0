import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../in-memory/in-memory-sandbox-client.ts'

// An option this git does not support is refused, naming it, with git's usage exit code; it is
// never taken for a path (`git init -q repo` once made a directory called `-q`).

async function repository(): Promise<InMemorySandboxClient> {
  const sandbox = new InMemorySandboxClient({ files: { 'notes.txt': 'one\n' } })
  const setup = await sandbox.run('git init -q && git add . && git commit -q -m first && git branch topic')
  expect(setup).toMatchObject({ exitCode: 0, stderr: '' })
  return sandbox
}

describe('git options the sandbox does not support', () => {
  it.each([
    { command: 'git init --bare', refused: "unknown option '--bare'", usage: 'git init' },
    { command: 'git clone --mirror http://example.test/a.git', refused: "unknown option '--mirror'", usage: 'git clone' },
    { command: 'git status -uno', refused: "unknown option '-u' (in '-uno')", usage: 'git status' },
    { command: 'git status --short=yes', refused: "option '--short' takes no value", usage: 'git status' },
    { command: 'git add -p notes.txt', refused: "unknown option '-p'", usage: 'git add' },
    { command: 'git diff --word-diff', refused: "unknown option '--word-diff'", usage: 'git diff' },
    { command: 'git commit --amend -m again', refused: "unknown option '--amend'", usage: 'git commit' },
    { command: 'git commit -ax -m again', refused: "unknown option '-x' (in '-ax')", usage: 'git commit' },
    { command: 'git commit -m', refused: "option '-m' requires a value", usage: 'git commit' },
    { command: 'git commit -m again notes.txt', refused: "unexpected argument 'notes.txt'", usage: 'git commit' },
    { command: 'git log --graph', refused: "unknown option '--graph'", usage: 'git log' },
    { command: 'git branch -m renamed', refused: "unknown option '-m'", usage: 'git branch' },
    { command: 'git checkout -f topic', refused: "unknown option '-f'", usage: 'git checkout' },
    { command: 'git switch -b other', refused: "unknown option '-b'", usage: 'git switch' },
    { command: 'git --bare status', refused: "unknown option '--bare'", usage: 'git [-C <path>]' }
  ])('$command is refused: $refused', async ({ command, refused, usage }) => {
    const sandbox = await repository()
    const before = await sandbox.run('ls -a && git status --porcelain && git branch && git log --oneline | wc -l')
    const result = await sandbox.run(command)
    expect(result.exitCode).toBe(129)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(new RegExp(`^error: ${escapeRegExp(refused)}\\nusage: ${escapeRegExp(usage)} `))
    expect(await sandbox.run('ls -a && git status --porcelain && git branch && git log --oneline | wc -l')).toEqual(before)
  })

  it('takes -q as an option, not a directory name', async () => {
    const sandbox = new InMemorySandboxClient()
    expect(await sandbox.run('git init -q repo')).toEqual({ stdout: '', stderr: '', exitCode: 0 })
    expect((await sandbox.readdir('/workspace')).map((entry) => entry.name)).toEqual(['repo'])
    expect((await sandbox.stat('/workspace/repo/.git')).type).toBe('directory')
  })

  it('prints a summary for --stat, not the whole diff', async () => {
    const sandbox = await repository()
    await sandbox.run("printf 'uno\\ndos\\n' > notes.txt")
    expect(await sandbox.run('git diff --stat')).toEqual({
      stdout: ' notes.txt | 3 ++-\n 1 file changed, 2 insertions(+), 1 deletion(-)\n',
      stderr: '',
      exitCode: 0
    })
  })

  it('names a -C directory that does not exist, and a diff path that does not either', async () => {
    const sandbox = await repository()
    expect(await sandbox.run('git -C missing status')).toEqual({
      stdout: '',
      stderr: "fatal: cannot change to '/workspace/missing': No such file or directory\n",
      exitCode: 128
    })
    const diff = await sandbox.run('git diff HEAD~1')
    expect(diff.exitCode).toBe(128)
    expect(diff.stderr).toMatch(/^fatal: ambiguous argument 'HEAD~1': unknown revision or path not in the working tree/)
  })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
