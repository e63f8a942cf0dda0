import { readdirSync, readFileSync } from 'node:fs'
import type { Sandbox } from 'e2b'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { FakeE2BCloud, FakeE2BSandbox } from '../../lib/testing/fake-e2b-sandbox.ts'
import { SANDBOX_TIMEOUT_EXIT_CODE, isSandboxError } from '../sandbox-client.ts'
import { describeSandboxClient } from '../sandbox-client.contract.ts'
import { createFakeCloud, createSeededSandbox, e2bModule } from './e2b-fake-cloud.fixtures.ts'
import { E2BSandboxClient } from './e2b-sandbox-client.ts'
import type { IE2BSandboxAdapter, TE2BSandboxClass } from './e2b-sandbox.ts'

describeSandboxClient('E2BSandboxClient over FakeE2BSandbox', async (files, options) => {
  const cloud = createFakeCloud()
  return new E2BSandboxClient(await createSeededSandbox(cloud, files), { sandboxClass: cloud, ...options })
})

async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason
  )
  if (!isSandboxError(error)) throw new Error(`expected a SandboxError, got ${String(error)}`)
  return { code: error.code, message: error.message }
}

describe('E2BSandboxClient', () => {
  describe('typed against the SDK', () => {
    it("accepts the SDK's own Sandbox instance and class, and the fake", () => {
      expectTypeOf<Sandbox>().toExtend<IE2BSandboxAdapter>()
      expectTypeOf<typeof Sandbox>().toExtend<TE2BSandboxClass>()
      expectTypeOf<FakeE2BSandbox>().toExtend<IE2BSandboxAdapter>()
      expectTypeOf<FakeE2BCloud>().toExtend<TE2BSandboxClass>()
    })

    it('imports e2b only lazily and never touches Node Buffer', () => {
      const directory = new URL('./', import.meta.url)
      const sources = readdirSync(directory).filter((name) => /\.ts$/.test(name) && !/\.(test|fixtures)\.ts$/.test(name))
      expect(sources).toContain('e2b-sandbox-client.ts')
      const lazyImports: string[] = []
      for (const name of sources) {
        const source = readFileSync(new URL(name, directory), 'utf8')
        expect(source.match(/^import\s+(?!type\b)[^;]*?from\s+'e2b'/gm) ?? [], name).toEqual([])
        expect(source, name).not.toMatch(/\bBuffer\s*\.\s*\w+|\bnew Buffer\b/)
        if (/await import\('e2b'\)/.test(source)) lazyImports.push(name)
      }
      expect(lazyImports).toEqual(['e2b-sandbox-lifecycle.ts'])
    })
  })

  describe('commands', () => {
    it("turns the SDK's CommandExitError back into a result", async () => {
      const sandbox = await createSeededSandbox(createFakeCloud())
      const thrown = await sandbox.commands.run('echo out; echo err >&2; exit 7').catch((error: unknown) => error)
      expect(thrown).toBeInstanceOf(e2bModule.CommandExitError)
      const client = new E2BSandboxClient(sandbox)
      expect(await client.run('echo out; echo err >&2; exit 7')).toEqual({ stdout: 'out\n', stderr: 'err\n', exitCode: 7 })
    })

    it('starts commands in its cwd option, which relative paths follow too', async () => {
      const sandbox = await createSeededSandbox(createFakeCloud(), { 'project/notes.txt': 'notes' })
      const client = new E2BSandboxClient(sandbox, { cwd: '/home/user/project' })
      expect(client.cwd).toBe('/home/user/project')
      expect(await client.run('pwd; cat notes.txt')).toEqual({ stdout: '/home/user/project\nnotes', stderr: '', exitCode: 0 })
      expect(await client.readFile('notes.txt')).toBe('notes')
    })

    it("maps the SDK's own command deadline (TimeoutError) to exit code 124", async () => {
      const client = new E2BSandboxClient(await createSeededSandbox(createFakeCloud()), { commandTimeoutMs: 150 })
      const result = await client.run('sleep 5; echo finished')
      expect(result.exitCode).toBe(SANDBOX_TIMEOUT_EXIT_CODE)
      expect(result.stdout).toBe('')
      expect(result.stderr).toMatch(/timed out after 150 ms/)
    })

    it('kills the process on abort, so it leaves no trace afterwards', async () => {
      const client = new E2BSandboxClient(await createSeededSandbox(createFakeCloud()))
      const controller = new AbortController()
      setTimeout(() => controller.abort(), 50)
      expect((await client.run('sleep 0.3; echo late > late.txt', { signal: controller.signal })).exitCode).toBe(130)
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect((await rejection(client.readFile('late.txt'))).code).toBe('SANDBOX_NOT_FOUND')
    })

    it('caps stdout and stderr at maxOutputBytes', async () => {
      const client = new E2BSandboxClient(await createSeededSandbox(createFakeCloud()), { maxOutputBytes: 8 })
      const result = await client.run('echo 0123456789abcdef; echo 0123456789 >&2')
      expect(result.stdout).toBe('01234567\n[output truncated: 9 of 17 bytes dropped]\n')
      expect(result.stderr).toBe('01234567\n[output truncated: 3 of 11 bytes dropped]\n')
    })
  })

  describe('working directory', () => {
    it.each([
      ['no path', { cwd: 5 }, 'SANDBOX_INVALID_OPTIONS', 'new E2BSandboxClient(sandbox, options): cwd must be a path; got number.'],
      ['empty', { cwd: '' }, 'SANDBOX_INVALID_PATH', 'new E2BSandboxClient(sandbox, options): cwd: the path is empty.']
    ])('refuses a cwd option that is %s as it is made, naming it, as the in-memory sandbox does', async (_, options, code, message) => {
      const sandbox = await createSeededSandbox(createFakeCloud())
      const thrown: unknown = (() => {
        try {
          return new E2BSandboxClient(sandbox, options as never)
        } catch (error) {
          return error
        }
      })()
      expect(isSandboxError(thrown) && { code: thrown.code, message: thrown.message }).toEqual({ code, message })
    })

    it('runs an EXIT trap in the fake as bash does: after the script, keeping its exit code', async () => {
      const sandbox = await createSeededSandbox(createFakeCloud(), { 'sub/x.txt': 'x' })
      const thrown = await sandbox.commands.run("trap 'echo bye from $PWD after $?' EXIT; cd sub; echo hi; false").catch((error: unknown) => error)
      expect(thrown).toBeInstanceOf(e2bModule.CommandExitError)
      expect(thrown).toMatchObject({ stdout: 'hi\nbye from /home/user/sub after 1\n', exitCode: 1 })
    })

    it('follows cd in its cwd and in relative file paths, and never shows its marker', async () => {
      const sandbox = await createSeededSandbox(createFakeCloud(), { 'sub/deeper/x.txt': 'x' })
      const client = new E2BSandboxClient(sandbox)
      expect(await client.run('set -x; cd sub; echo hi')).toEqual({ stdout: 'hi\n', stderr: '+ cd sub\n+ echo hi\n', exitCode: 0 })
      expect(client.cwd).toBe('/home/user/sub')
      expect(await client.readFile('deeper/x.txt')).toBe('x')
      expect(await client.run('cd home', { cwd: '/' })).toEqual({ stdout: '', stderr: '', exitCode: 0 })
      expect(client.cwd).toBe('/home/user/sub')
    })

    it('keeps its directory when a command replaces the EXIT trap, and runs that trap instead', async () => {
      const client = new E2BSandboxClient(await createSeededSandbox(createFakeCloud(), { 'sub/x.txt': 'x' }))
      expect(await client.run("trap 'echo mine' EXIT; cd sub")).toEqual({ stdout: 'mine\n', stderr: '', exitCode: 0 })
      expect(client.cwd).toBe('/home/user')
    })

    it('gives two clients different markers, so one cannot end the output of the other', async () => {
      const cloud = createFakeCloud()
      const sandbox = await createSeededSandbox(cloud, { 'sub/x.txt': 'x' })
      const first = new E2BSandboxClient(sandbox)
      const second = new E2BSandboxClient(sandbox)
      const printedTrap = (await first.run('trap -p', { cwd: '.' })).stdout
      expect(printedTrap).toBe('')
      const firstMarker = /__robota_cwd_[0-9a-f]{32}__/.exec((await first.run('trap -p')).stdout)?.[0]
      expect(firstMarker).toBeDefined()
      expect(await second.run(`cd sub; echo "${firstMarker ?? ''}/etc"`)).toEqual({ stdout: `${firstMarker ?? ''}/etc\n`, stderr: '', exitCode: 0 })
      expect(second.cwd).toBe('/home/user/sub')
    })
  })

  describe('files held to POSIX where the SDK is lenient', () => {
    it.each([
      ['mkdir over an existing file', (client: E2BSandboxClient) => client.mkdir('file.txt', { recursive: true }), 'SANDBOX_ALREADY_EXISTS'],
      ['mkdir below a file', (client: E2BSandboxClient) => client.mkdir('file.txt/inner'), 'SANDBOX_NOT_A_DIRECTORY'],
      ['readdir of a file', (client: E2BSandboxClient) => client.readdir('file.txt'), 'SANDBOX_NOT_A_DIRECTORY'],
      ['writeFile over a directory', (client: E2BSandboxClient) => client.writeFile('folder', 'x'), 'SANDBOX_IS_A_DIRECTORY'],
      ['remove of a missing path', (client: E2BSandboxClient) => client.remove('ghost'), 'SANDBOX_NOT_FOUND'],
      ['remove of the root', (client: E2BSandboxClient) => client.remove('/', { recursive: true }), 'SANDBOX_INVALID_PATH'],
      ['an empty path', (client: E2BSandboxClient) => client.stat(''), 'SANDBOX_INVALID_PATH']
    ])('%s fails with %s', async (_case, operation, code) => {
      const sandbox = await createSeededSandbox(createFakeCloud(), { 'file.txt': 'f', 'folder/inside.txt': 'i' })
      const error = await rejection(operation(new E2BSandboxClient(sandbox)))
      expect(error.code).toBe(code)
      expect(await sandbox.files.read('file.txt')).toBe('f')
      expect(await sandbox.files.read('folder/inside.txt')).toBe('i')
    })

    it('writes exactly the bytes of a view into a larger buffer, such as a pooled Node Buffer', async () => {
      const client = new E2BSandboxClient(await createSeededSandbox(createFakeCloud()))
      const pool = new Uint8Array([9, 9, 1, 2, 3, 9, 9])
      await client.writeFile('view.bin', pool.subarray(2, 5))
      await client.writeFile('node.bin', Buffer.from('abc'))
      expect(Array.from(await client.readFile('view.bin', { encoding: 'bytes' }))).toEqual([1, 2, 3])
      expect(await client.readFile('node.bin')).toBe('abc')
    })

    it('names the absolute path in the message of a mapped SDK error', async () => {
      const client = new E2BSandboxClient(await createSeededSandbox(createFakeCloud()))
      const error = await rejection(client.readFile('sub/missing.txt'))
      expect(error).toEqual({ code: 'SANDBOX_NOT_FOUND', message: "readFile '/home/user/sub/missing.txt': no such file or directory" })
    })

    it('reports stat from getInfo with mode and modification time', async () => {
      const sandbox = await createSeededSandbox(createFakeCloud(), { 'tool.sh': 'echo hi\n' })
      await sandbox.commands.run('chmod 755 tool.sh')
      const before = Date.now()
      const stat = await new E2BSandboxClient(sandbox).stat('tool.sh')
      expect(stat).toMatchObject({ type: 'file', size: 8, mode: 0o755 })
      expect(stat.mtimeMs).toBeLessThanOrEqual(before)
      expect(stat.mtimeMs).toBeGreaterThan(before - 60_000)
    })
  })
})
