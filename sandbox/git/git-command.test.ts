import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../in-memory/in-memory-sandbox-client.ts'
import { createTestRepository, startGitHttpServer } from '../workspace/git-http-server.fixtures.ts'
import type { TGitHttpServer } from '../workspace/git-http-server.fixtures.ts'

async function shell(client: InMemorySandboxClient, command: string): Promise<string> {
  const result = await client.run(command)
  if (result.exitCode !== 0) throw new Error(`${command} exited ${result.exitCode}: ${result.stderr}`)
  return result.stdout
}

describe('git inside the in-memory sandbox', () => {
  it('records history: init, add, commit, status, diff and log on the shell filesystem', async () => {
    const client = new InMemorySandboxClient({ files: { 'notes.txt': 'one\ntwo\nthree\n' } })
    expect(await shell(client, 'git init')).toBe('Initialized empty Git repository in /workspace/.git/\n')
    expect(await shell(client, 'git status --short')).toBe('?? notes.txt\n')
    await shell(client, 'git add notes.txt')
    expect(await shell(client, 'git status -s')).toBe('A  notes.txt\n')
    expect(await shell(client, 'GIT_AUTHOR_NAME=Ada GIT_AUTHOR_EMAIL=ada@example.com git commit -m "first notes"')).toMatch(
      /^\[main \(root-commit\) [0-9a-f]{7}\] first notes\n 1 file changed, 3 insertions\(\+\)\n create mode 100644 notes.txt\n$/
    )
    expect(await shell(client, 'git status')).toBe('On branch main\nnothing to commit, working tree clean\n')

    await shell(client, "printf 'one\\n2\\nthree\\n' > notes.txt && echo fresh > extra.txt")
    expect(await shell(client, 'git status -s')).toBe(' M notes.txt\n?? extra.txt\n')
    expect(await shell(client, 'git diff')).toBe(
      'diff --git a/notes.txt b/notes.txt\nindex 4cb29ea..f04eb26 100644\n--- a/notes.txt\n+++ b/notes.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n'
    )
    await shell(client, 'git add -A')
    expect(await shell(client, 'git diff --cached --name-only')).toBe('extra.txt\nnotes.txt\n')
    expect(await shell(client, 'git status')).toBe(
      'On branch main\nChanges to be committed:\n\tnew file:   extra.txt\n\tmodified:   notes.txt\n'
    )
    await shell(client, 'git commit -m "second"')
    const log = await shell(client, 'git log --oneline')
    expect(log).toMatch(/^[0-9a-f]{7} second\n[0-9a-f]{7} first notes\n$/)
    expect(await shell(client, 'git log -n 1')).toMatch(/^commit [0-9a-f]{40}\nAuthor: Robota Agent <agent@robota.local>\nDate: {3}.+\n\n {4}second\n$/)
    expect(await shell(client, 'git log | grep Author | tail -1')).toBe('Author: Ada <ada@example.com>\n')
    const nothing = await client.run('git commit -m "empty"')
    expect(nothing).toEqual({ stdout: 'nothing to commit, working tree clean\n', stderr: '', exitCode: 1 })
  })

  it('switches branches, rewriting the working tree that cat sees', async () => {
    const client = new InMemorySandboxClient({ files: { 'app.txt': 'v1\n' } })
    await shell(client, 'git init && git add . && git commit -m base')
    expect((await client.run('git checkout -b feature')).stderr).toBe("Switched to a new branch 'feature'\n")
    await shell(client, 'echo v2 > app.txt && git commit -a -m "feature work"')
    expect(await shell(client, 'git branch')).toBe('* feature\n  main\n')
    await shell(client, 'git checkout main')
    expect(await shell(client, 'cat app.txt')).toBe('v1\n')
    await shell(client, 'echo scratch > app.txt && git checkout -- app.txt')
    expect(await client.readFile('app.txt')).toBe('v1\n')
  })

  it('works from a subdirectory and fails outside any repository', async () => {
    const client = new InMemorySandboxClient({ files: { 'project/src/a.ts': 'export {}\n' } })
    await shell(client, 'git init project')
    await shell(client, 'cd /workspace/project/src && git add a.ts && git commit -m add')
    expect(await shell(client, 'cd /workspace/project && git log --oneline | wc -l')).toBe('1\n')
    expect(await client.run('cd /workspace && git status')).toEqual({
      stdout: '',
      stderr: 'fatal: not a git repository (or any of the parent directories): .git\n',
      exitCode: 128
    })
    expect((await client.run('git frobnicate')).exitCode).toBe(1)
    expect((await client.run('cd /workspace/project && git add missing.txt')).stderr).toBe("fatal: pathspec 'missing.txt' did not match any files\n")
  })

  describe('clone over smart HTTP', () => {
    let server: TGitHttpServer
    beforeAll(async () => {
      server = await startGitHttpServer()
      createTestRepository(server.root, 'sample')
    })
    afterAll(async () => {
      await server.close()
    })

    it('clones from an allowed URL prefix, then reads its history', async () => {
      const client = new InMemorySandboxClient({ allowedUrlPrefixes: [`${server.url}/`] })
      const result = await client.run(`git clone ${server.url}/sample.git`)
      expect(result).toEqual({ stdout: '', stderr: "Cloning into 'sample'...\n", exitCode: 0 })
      expect(await shell(client, 'cat sample/version.txt')).toBe('two\n')
      expect(await shell(client, 'cd sample && git log --oneline | wc -l && git status -s')).toBe('2\n')
      await shell(client, `git clone --depth 1 --branch feature ${server.url}/sample.git shallow`)
      expect(await shell(client, 'cat shallow/feature.txt && cd shallow && git log --oneline | wc -l')).toBe('feature\n1\n')
      expect(await client.run(`git clone -q --single-branch ${server.url}/sample.git quiet`)).toEqual({ stdout: '', stderr: '', exitCode: 0 })
      expect(await shell(client, 'git -C quiet branch --show-current')).toBe('main\n')
    })

    it('refuses a URL outside the allowed prefixes, like curl does', async () => {
      const client = new InMemorySandboxClient()
      const result = await client.run(`git clone ${server.url}/sample.git`)
      expect(result.exitCode).toBe(128)
      expect(result.stderr).toBe(`fatal: unable to access '${server.url}/sample.git': network access is not allowed for this URL in this sandbox\n`)
      expect((await client.run('ls sample')).exitCode).not.toBe(0)
    })
  })
})
