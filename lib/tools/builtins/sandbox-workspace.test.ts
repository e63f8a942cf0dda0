import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { ISandboxClient, ISandboxRunResult } from '../../../sandbox/sandbox-client.ts'
import { SandboxWorkspace } from './sandbox-workspace.ts'

describe('SandboxWorkspace', () => {
  it('refuses a relative cwd when the tool is made', () => {
    expect(() => new SandboxWorkspace({ sandbox: new InMemorySandboxClient(), cwd: 'workspace' })).toThrow(/cwd must be an absolute path/)
  })

  it.each([
    ['a/../b.txt', '/workspace/b.txt'],
    ['./a//b', '/workspace/a/b'],
    ['/workspace', '/workspace'],
    ['', '/workspace'],
    ['/workspace/../workspace/x', '/workspace/x']
  ])('resolves %j to %s', async (path, resolved) => {
    expect(await new SandboxWorkspace({ sandbox: new InMemorySandboxClient(), cwd: '/workspace/' }).resolve(path)).toBe(resolved)
  })

  it.each(['..', '../workspace-other/x', '/workspace2/x', '/', 'a\0b'])('refuses %j', async (path) => {
    await expect(new SandboxWorkspace({ sandbox: new InMemorySandboxClient(), cwd: '/workspace' }).resolve(path)).rejects.toMatchObject({
      name: 'ToolFailure'
    })
  })

  it('asks the sandbox for its directory once, and again after a failed try', async () => {
    const answers: ISandboxRunResult[] = [
      { stdout: '', stderr: 'broken', exitCode: 1 },
      { stdout: '/home/me\n', stderr: '', exitCode: 0 }
    ]
    const commands: string[] = []
    const sandbox = {
      run: async (command: string) => {
        commands.push(command)
        return answers.shift() ?? { stdout: '/elsewhere\n', stderr: '', exitCode: 0 }
      }
    } as unknown as ISandboxClient
    const workspace = new SandboxWorkspace({ sandbox })
    await expect(workspace.root()).rejects.toThrow("Could not find the sandbox's working directory (pwd exited with 1).")
    expect(await workspace.root()).toBe('/home/me')
    expect(await workspace.resolve('notes.txt')).toBe('/home/me/notes.txt')
    expect(commands).toEqual(['pwd', 'pwd'])
  })
})
