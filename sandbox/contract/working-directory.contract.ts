import { describe, expect, it } from 'vitest'
import { expectSandboxError, type TCreateSandboxClient } from './contract-support.contract.ts'

/** The working directory: the `cwd` option, and a `cd` remembered for later commands like a terminal's. */
export function describeWorkingDirectoryContract(create: TCreateSandboxClient): void {
  describe('run', () => {
    it('runs in the directory given by the cwd option', async () => {
      const client = await create()
      const root = (await client.run('pwd')).stdout.trim()
      await client.mkdir('nested/deeper', { recursive: true })
      await client.writeFile('nested/deeper/marker.txt', 'here')
      const result = await client.run('pwd; cat marker.txt', { cwd: `${root === '/' ? '' : root}/nested/deeper` })
      expect(result.stdout).toBe(`${root === '/' ? '' : root}/nested/deeper\nhere`)
      expect((await client.run('cat nested/deeper/marker.txt', { cwd: 'nested/..' })).stdout).toBe('here')
    })

    it('keeps the directory a command cd-ed into for later commands and relative paths, like a terminal', async () => {
      const client = await create({ 'pkg/inner/file.txt': 'inside' })
      const root = (await client.run('pwd')).stdout.trim()
      const pkg = `${root === '/' ? '' : root}/pkg`
      expect(await client.run('cd pkg')).toEqual({ stdout: '', stderr: '', exitCode: 0 })
      expect(await client.run('pwd; cat inner/file.txt')).toEqual({ stdout: `${pkg}\ninside`, stderr: '', exitCode: 0 })
      expect(await client.readFile('inner/file.txt')).toBe('inside')
      await client.writeFile('written.txt', 'w')
      expect((await client.run('cat written.txt')).stdout).toBe('w')
      await client.run('cd ..')
      expect((await client.run('pwd')).stdout).toBe(`${root}\n`)
      expect(await client.readFile('pkg/written.txt')).toBe('w')
    })

    it('keeps a cd followed by a failing command, also under set -e, with the exit code intact', async () => {
      const client = await create({ 'a/b/leaf.txt': 'leaf' })
      const root = (await client.run('pwd')).stdout.trim()
      const failed = await client.run('cd a; echo out; echo err >&2; false')
      expect(failed).toEqual({ stdout: 'out\n', stderr: 'err\n', exitCode: 1 })
      const errexit = await client.run('set -e; cd b; printf partial; false; echo unreachable')
      expect(errexit).toEqual({ stdout: 'partial', stderr: '', exitCode: 1 })
      expect(await client.run('cat leaf.txt')).toEqual({ stdout: 'leaf', stderr: '', exitCode: 0 })
      expect((await client.run('pwd')).stdout).toBe(`${root === '/' ? '' : root}/a/b\n`)
    })

    it('returns the output of a cd-ing command byte for byte, without a trailing newline and under an output cap', async () => {
      const client = await create({ 'dir/x.txt': 'x' }, { maxOutputBytes: 16 })
      expect(await client.run('cd dir; printf "no newline"')).toEqual({ stdout: 'no newline', stderr: '', exitCode: 0 })
      expect(await client.run("cd .; printf '%s' 0123456789abcdefghij; exit 5")).toEqual({
        stdout: '0123456789abcdef\n[output truncated: 4 of 20 bytes dropped]\n',
        stderr: '',
        exitCode: 5
      })
      expect(await client.run('printf "a\\n\\n\\n"; cat x.txt')).toEqual({ stdout: 'a\n\n\nx', stderr: '', exitCode: 0 })
      expect(await client.run('echo quiet > /dev/null')).toEqual({ stdout: '', stderr: '', exitCode: 0 })
    })

    it('does not move the directory for a cd in a subshell, a failed cd, a cwd option, or a PWD naming no directory', async () => {
      const client = await create({ 'sub/x.txt': 'x' })
      const root = (await client.run('pwd')).stdout.trim()
      expect(await client.run('(cd sub; pwd > ../seen.txt)')).toEqual({ stdout: '', stderr: '', exitCode: 0 })
      const failed = await client.run('cd does-not-exist')
      expect(failed.exitCode).not.toBe(0)
      expect(failed.stderr).toContain('does-not-exist')
      expect((await client.run('cd /', { cwd: 'sub' })).exitCode).toBe(0)
      expect((await client.run('cd ..; pwd', { cwd: 'sub' })).stdout).toBe(`${root}\n`)
      await client.run('PWD=/nowhere')
      expect((await client.run('pwd; cat sub/x.txt')).stdout).toBe(`${root}\nx`)
      expect(await client.readFile('seen.txt')).toBe(`${root === '/' ? '' : root}/sub\n`)
    })

    it('refuses a cwd option naming no directory and runs nothing, as no process can start there', async () => {
      const client = await create({ 'file.txt': 'f' })
      const root = (await client.run('pwd')).stdout.trim()
      const missing = await expectSandboxError(client.run('touch ran.txt', { cwd: 'missing/dir' }), 'SANDBOX_NOT_FOUND')
      expect(missing.message).toContain(`${root === '/' ? '' : root}/missing/dir`)
      expect(await client.readdir('.')).toEqual([{ name: 'file.txt', type: 'file' }])
      expect((await client.run('pwd')).stdout).toBe(`${root}\n`)
    })

    it('refuses an option it does not take, or one of the wrong type, naming it, and runs nothing', async () => {
      const client = await create()
      const misspelt = await expectSandboxError(client.run('touch ran.txt', { cwdd: '/' } as never), 'SANDBOX_INVALID_OPTIONS')
      expect(misspelt.message).toBe('run(command, options): unknown option "cwdd"; it takes cwd, env, stdin, timeoutMs, signal.')
      const wrongType = await expectSandboxError(client.run('touch ran.txt', { timeoutMs: '5000' } as never), 'SANDBOX_INVALID_OPTIONS')
      expect(wrongType.message).toBe('run(command, options): timeoutMs must be a number of milliseconds, 0 or more; got string.')
      await expectSandboxError(client.run('touch ran.txt', { env: { DEBUG: 1 } } as never), 'SANDBOX_INVALID_OPTIONS')
      expect(await client.readdir('.')).toEqual([])
    })
  })
}
