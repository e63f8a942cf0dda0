import { afterEach, describe, expect, it } from 'vitest'
import { SANDBOX_ABORTED_EXIT_CODE, SANDBOX_TIMEOUT_EXIT_CODE, isSandboxError } from './sandbox-client.ts'
import type { ISandboxClient, TSandboxErrorCode } from './sandbox-client.ts'

/** Client settings the suite varies; every adapter is expected to honour them. */
export type TSandboxClientFactoryOptions = {
  /** Cap on each of stdout and stderr per command. */
  maxOutputBytes?: number
}

/** Builds a fresh client whose working directory holds `files` (keys relative to that directory). */
export type TSandboxClientFactory = (
  files: Record<string, string>,
  options: TSandboxClientFactoryOptions
) => Promise<ISandboxClient> | ISandboxClient

/** What an adapter opts out of; every optional capability is tested unless it says otherwise. */
export type TSandboxClientContractOptions = {
  /** Set to `false` for an adapter without `snapshot()` / `restore()`. */
  snapshots?: boolean
}

/**
 * The behaviour every `ISandboxClient` adapter must show, as one vitest suite. Call it from each
 * adapter's test file: `describeSandboxClient('InMemorySandboxClient', (files) => new InMemorySandboxClient({ files }))`.
 * Paths are relative to the client's working directory, so adapters may start wherever they like.
 */
export function describeSandboxClient(
  name: string,
  makeClient: TSandboxClientFactory,
  contractOptions: TSandboxClientContractOptions = {}
): void {
  describe(`${name} (sandbox client contract)`, () => {
    const clients: ISandboxClient[] = []
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((client) => client.dispose?.()))
    })
    const create = async (files: Record<string, string> = {}, options: TSandboxClientFactoryOptions = {}): Promise<ISandboxClient> => {
      const client = await makeClient(files, options)
      clients.push(client)
      return client
    }

    describe('run', () => {
      it('pipes one command into the next', async () => {
        const client = await create()
        expect(await client.run("printf 'b\\na\\n' | sort")).toEqual({ stdout: 'a\nb\n', stderr: '', exitCode: 0 })
      })

      it('redirects output into a file that readFile and cat both see', async () => {
        const client = await create()
        expect((await client.run('echo hi > out.txt')).exitCode).toBe(0)
        expect(await client.readFile('out.txt')).toBe('hi\n')
        expect((await client.run('cat out.txt')).stdout).toBe('hi\n')
      })

      it('appends with >>', async () => {
        const client = await create({ 'log.txt': 'one\n' })
        await client.run('echo two >> log.txt')
        await client.run('echo three >> log.txt')
        expect(await client.readFile('log.txt')).toBe('one\ntwo\nthree\n')
      })

      it('returns non-zero exit codes instead of throwing', async () => {
        const client = await create()
        expect((await client.run('echo before; exit 3')).exitCode).toBe(3)
        expect((await client.run('false')).exitCode).toBe(1)
        expect((await client.run('true')).exitCode).toBe(0)
      })

      it('reports an unknown command with exit code 127 and a message on stderr', async () => {
        const client = await create()
        const result = await client.run('definitely-not-a-command-xyz')
        expect(result.exitCode).toBe(127)
        expect(result.stderr).toContain('definitely-not-a-command-xyz')
      })

      it('captures stderr apart from stdout', async () => {
        const client = await create()
        expect(await client.run('echo fine; echo oops >&2')).toEqual({ stdout: 'fine\n', stderr: 'oops\n', exitCode: 0 })
      })

      it('feeds the stdin option to the command', async () => {
        const client = await create()
        expect((await client.run('tr a-z A-Z', { stdin: 'shout\n' })).stdout).toBe('SHOUT\n')
      })

      it('passes the env option to that command only', async () => {
        const client = await create()
        expect((await client.run('echo "[$GREETING]"', { env: { GREETING: 'hello' } })).stdout).toBe('[hello]\n')
        expect((await client.run('echo "[$GREETING]"')).stdout).toBe('[]\n')
      })

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

      it('feeds multi-line stdin without a trailing newline, and gives a command without stdin an empty one', async () => {
        const client = await create()
        expect(await client.run('while read -r line; do echo "[$line]"; done; echo "[$line]"', { stdin: 'one\ntwo\nlast' })).toEqual({
          stdout: '[one]\n[two]\n[last]\n',
          stderr: '',
          exitCode: 0
        })
        expect(await client.run('cat; echo end')).toEqual({ stdout: 'end\n', stderr: '', exitCode: 0 })
      })

      it('gives setEnvironment variables to every later command, with the env option still winning', async () => {
        const client = await create()
        expect(client.setEnvironment, 'setEnvironment() is implemented').toBeTypeOf('function')
        await client.setEnvironment?.({ STAGE: 'test', REGION: 'eu' })
        expect((await client.run('echo "$STAGE $REGION"')).stdout).toBe('test eu\n')
        expect((await client.run('echo "$STAGE $REGION"', { env: { STAGE: 'prod' } })).stdout).toBe('prod eu\n')
        await client.setEnvironment?.({ REGION: 'us' })
        expect((await client.run('echo "$STAGE $REGION"')).stdout).toBe('test us\n')
      })

      it('keeps files between run calls and between writeFile and run', async () => {
        const client = await create({ 'seed.txt': 'seeded' })
        await client.run('mkdir -p data && echo first > data/a.txt')
        expect((await client.run('cat data/a.txt seed.txt')).stdout).toBe('first\nseeded')
        await client.writeFile('data/b.txt', 'from writeFile')
        expect((await client.run('cat data/b.txt')).stdout).toBe('from writeFile')
        await client.run('rm data/a.txt')
        await expectSandboxError(client.readFile('data/a.txt'), 'SANDBOX_NOT_FOUND')
      })

      it('returns exit code 130 when the signal aborts a running command', async () => {
        const client = await create()
        const controller = new AbortController()
        const startedAt = Date.now()
        setTimeout(() => controller.abort(), 100)
        const result = await client.run('sleep 10; echo finished', { signal: controller.signal })
        expect(result.exitCode).toBe(SANDBOX_ABORTED_EXIT_CODE)
        expect(result.stdout).not.toContain('finished')
        expect(result.stderr).toMatch(/abort/i)
        expect(Date.now() - startedAt).toBeLessThan(5000)
      })

      it('stops an aborted or timed-out command, so it writes nothing afterwards', async () => {
        const client = await create()
        const controller = new AbortController()
        setTimeout(() => controller.abort(), 50)
        expect((await client.run('sleep 0.4; echo late > aborted.txt', { signal: controller.signal })).exitCode).toBe(SANDBOX_ABORTED_EXIT_CODE)
        expect((await client.run('sleep 0.4; echo late > timed-out.txt', { timeoutMs: 50 })).exitCode).toBe(SANDBOX_TIMEOUT_EXIT_CODE)
        await new Promise((resolve) => setTimeout(resolve, 700))
        await expectSandboxError(client.readFile('aborted.txt'), 'SANDBOX_NOT_FOUND')
        await expectSandboxError(client.readFile('timed-out.txt'), 'SANDBOX_NOT_FOUND')
      })

      it('does not start a command whose signal is already aborted', async () => {
        const client = await create()
        const result = await client.run('echo ran > ran.txt', { signal: AbortSignal.abort() })
        expect(result.exitCode).toBe(SANDBOX_ABORTED_EXIT_CODE)
        await expectSandboxError(client.readFile('ran.txt'), 'SANDBOX_NOT_FOUND')
      })

      it('returns exit code 124 when timeoutMs passes', async () => {
        const client = await create()
        const startedAt = Date.now()
        const result = await client.run('sleep 10; echo finished', { timeoutMs: 200 })
        expect(result.exitCode).toBe(SANDBOX_TIMEOUT_EXIT_CODE)
        expect(result.stdout).not.toContain('finished')
        expect(result.stderr).toMatch(/timed out/i)
        expect(Date.now() - startedAt).toBeLessThan(5000)
        expect((await client.run('echo still usable', { timeoutMs: 5000 })).stdout).toBe('still usable\n')
      })

      it('caps stdout and stderr at maxOutputBytes, cut on a character boundary, with a notice', async () => {
        const client = await create({}, { maxOutputBytes: 16 })
        const result = await client.run('echo 0123456789abcdefghij; echo ééééééééé >&2; exit 2')
        expect(result).toEqual({
          stdout: '0123456789abcdef\n[output truncated: 5 of 21 bytes dropped]\n',
          stderr: 'éééééééé\n[output truncated: 3 of 19 bytes dropped]\n',
          exitCode: 2
        })
        expect((await client.run('echo short')).stdout).toBe('short\n')
      })
    })

    describe('files', () => {
      it('reads seeded files as text and through the shell', async () => {
        const client = await create({ 'README.md': '# hi\n', 'src/main.ts': 'export {}\n' })
        expect(await client.readFile('README.md')).toBe('# hi\n')
        expect((await client.run('cat src/main.ts')).stdout).toBe('export {}\n')
      })

      it('rejects reading a missing file with SANDBOX_NOT_FOUND naming the path', async () => {
        const client = await create()
        const error = await expectSandboxError(client.readFile('missing-file.txt'), 'SANDBOX_NOT_FOUND')
        expect(error.message).toContain('missing-file.txt')
      })

      it.each([
        ['readFile', (client: ISandboxClient) => client.readFile('gone/file.txt')],
        ['readFile as bytes', (client: ISandboxClient) => client.readFile('gone/file.txt', { encoding: 'bytes' })],
        ['readdir', (client: ISandboxClient) => client.readdir('gone/file.txt')],
        ['stat', (client: ISandboxClient) => client.stat('gone/file.txt')],
        ['remove', (client: ISandboxClient) => client.remove('gone/file.txt')],
        ['rename', (client: ISandboxClient) => client.rename('gone/file.txt', 'other.txt')],
        ['mkdir in a missing parent', (client: ISandboxClient) => client.mkdir('gone/file.txt')]
      ])('rejects %s of a missing path with SANDBOX_NOT_FOUND, naming the path in the message', async (_method, operation) => {
        const client = await create()
        const error = await expectSandboxError(operation(client), 'SANDBOX_NOT_FOUND')
        expect(error.message).toContain('gone/file.txt')
        await expectSandboxError(client.stat('other.txt'), 'SANDBOX_NOT_FOUND')
      })

      it('rejects reading a directory with SANDBOX_IS_A_DIRECTORY', async () => {
        const client = await create()
        await client.mkdir('folder')
        await expectSandboxError(client.readFile('folder'), 'SANDBOX_IS_A_DIRECTORY')
      })

      it('round-trips bytes that are not valid UTF-8', async () => {
        const client = await create()
        const bytes = new Uint8Array([0, 255, 128, 10, 13, 0xc3, 0x28, 7])
        await client.writeFile('blob.bin', bytes)
        expect(Array.from(await client.readFile('blob.bin', { encoding: 'bytes' }))).toEqual(Array.from(bytes))
        expect((await client.run('wc -c < blob.bin')).stdout.trim()).toBe('8')
        expect((await client.stat('blob.bin')).size).toBe(8)
      })

      it('reads back exactly the bytes a command wrote, and lets a command read written bytes', async () => {
        const client = await create()
        expect((await client.run('echo AP+AQQo= | base64 -d > made.bin')).exitCode).toBe(0)
        expect(Array.from(await client.readFile('made.bin', { encoding: 'bytes' }))).toEqual([0, 255, 128, 65, 10])
        await client.writeFile('high.bin', new Uint8Array([0xff, 0xfe, 0x00, 0x41]))
        expect(await client.run('wc -c < high.bin; base64 high.bin')).toEqual({ stdout: '4\n//4AQQ==\n', stderr: '', exitCode: 0 })
      })

      it('writes text as UTF-8 and creates missing parent directories', async () => {
        const client = await create()
        await client.writeFile('a/b/c/note.txt', 'héllo ✓')
        expect(await client.readFile('a/b/c/note.txt')).toBe('héllo ✓')
        expect(Array.from(await client.readFile('a/b/c/note.txt', { encoding: 'bytes' }))).toEqual(
          Array.from(new TextEncoder().encode('héllo ✓'))
        )
        expect((await client.stat('a/b')).type).toBe('directory')
      })

      it('lists a directory sorted by name, with entry types', async () => {
        const client = await create()
        await client.writeFile('listing/b.txt', 'b')
        await client.mkdir('listing/a-dir')
        await client.writeFile('listing/c/inner.txt', 'c')
        await client.writeFile('listing/Z.txt', 'z')
        expect(await client.readdir('listing')).toEqual([
          { name: 'Z.txt', type: 'file' },
          { name: 'a-dir', type: 'directory' },
          { name: 'b.txt', type: 'file' },
          { name: 'c', type: 'directory' }
        ])
        await expectSandboxError(client.readdir('no-such-dir'), 'SANDBOX_NOT_FOUND')
      })

      it('describes files and directories with stat', async () => {
        const client = await create({ 'five.txt': '12345' })
        const file = await client.stat('five.txt')
        expect(file).toMatchObject({ type: 'file', size: 5 })
        expect(file.mtimeMs).toBeGreaterThan(0)
        expect((await client.stat('.')).type).toBe('directory')
        await expectSandboxError(client.stat('nothing-here'), 'SANDBOX_NOT_FOUND')
      })

      it('creates directories, recursively only when asked', async () => {
        const client = await create()
        await expectSandboxError(client.mkdir('x/y/z'), 'SANDBOX_NOT_FOUND')
        await client.mkdir('x/y/z', { recursive: true })
        expect((await client.stat('x/y/z')).type).toBe('directory')
        await client.mkdir('x/y/z', { recursive: true })
        await expectSandboxError(client.mkdir('x/y/z'), 'SANDBOX_ALREADY_EXISTS')
        expect((await client.run('test -d x/y/z && echo yes')).stdout).toBe('yes\n')
      })

      it('removes files, and non-empty directories only with recursive', async () => {
        const client = await create({ 'tree/leaf.txt': 'leaf', 'tree/branch/twig.txt': 'twig', 'single.txt': '1' })
        await client.remove('single.txt')
        await expectSandboxError(client.stat('single.txt'), 'SANDBOX_NOT_FOUND')
        await expectSandboxError(client.remove('tree'), 'SANDBOX_NOT_EMPTY')
        expect(await client.readFile('tree/leaf.txt')).toBe('leaf')
        await client.remove('tree', { recursive: true })
        await expectSandboxError(client.stat('tree'), 'SANDBOX_NOT_FOUND')
        await expectSandboxError(client.remove('tree'), 'SANDBOX_NOT_FOUND')
      })

      it('renames files and moves directories with their contents', async () => {
        const client = await create({ 'old.txt': 'content', 'dir/inner/file.txt': 'deep' })
        await client.rename('old.txt', 'new.txt')
        expect(await client.readFile('new.txt')).toBe('content')
        await expectSandboxError(client.readFile('old.txt'), 'SANDBOX_NOT_FOUND')
        await client.rename('dir', 'moved')
        expect(await client.readFile('moved/inner/file.txt')).toBe('deep')
        await expectSandboxError(client.stat('dir'), 'SANDBOX_NOT_FOUND')
        await expectSandboxError(client.rename('ghost.txt', 'other.txt'), 'SANDBOX_NOT_FOUND')
      })
    })

    describe.skipIf(contractOptions.snapshots === false)('snapshot and restore', () => {
      it('restores files, directories and modes from a snapshot that survived JSON', async () => {
        const client = await create({ 'keep.txt': 'v1', 'tree/leaf.txt': 'leaf' })
        const bytes = new Uint8Array([0, 255, 10])
        await client.writeFile('blob.bin', bytes)
        await client.mkdir('empty-dir')
        await client.writeFile('tool.sh', 'echo tool\n')
        expect((await client.run('chmod 750 tool.sh')).exitCode).toBe(0)
        expect(client.snapshot, 'snapshot() is implemented').toBeTypeOf('function')
        const snapshot: unknown = JSON.parse(JSON.stringify(await client.snapshot?.()))
        await client.writeFile('keep.txt', 'v2')
        await client.writeFile('later.txt', 'later')
        await client.remove('tree', { recursive: true })
        await client.remove('empty-dir')
        await client.run('chmod 644 tool.sh')
        await client.restore?.(snapshot)
        expect((await client.stat('tool.sh')).mode & 0o777).toBe(0o750)
        expect(await client.readFile('keep.txt')).toBe('v1')
        expect((await client.run('cat tree/leaf.txt')).stdout).toBe('leaf')
        expect(Array.from(await client.readFile('blob.bin', { encoding: 'bytes' }))).toEqual([0, 255, 10])
        expect((await client.stat('empty-dir')).type).toBe('directory')
        await expectSandboxError(client.readFile('later.txt'), 'SANDBOX_NOT_FOUND')
      })

      it('rejects a value that is not a snapshot with a SandboxError and keeps the files', async () => {
        const client = await create({ 'keep.txt': 'kept' })
        const error = await expectSandboxError(client.restore?.(42) ?? Promise.resolve(), 'SANDBOX_ERROR')
        expect(error.message).toMatch(/snapshot/i)
        expect(await client.readFile('keep.txt')).toBe('kept')
      })
    })

    describe('dispose', () => {
      it('makes every later call reject with SANDBOX_DISPOSED', async () => {
        const client = await create({ 'a.txt': 'a' })
        expect((await client.run('true')).exitCode).toBe(0)
        expect(client.dispose, 'dispose() is implemented').toBeTypeOf('function')
        await client.dispose?.()
        await expectSandboxError(client.run('echo after'), 'SANDBOX_DISPOSED')
        await expectSandboxError(client.readFile('a.txt'), 'SANDBOX_DISPOSED')
        await expectSandboxError(client.writeFile('b.txt', 'b'), 'SANDBOX_DISPOSED')
      })
    })
  })
}

async function expectSandboxError(promise: Promise<unknown>, code: TSandboxErrorCode): Promise<Error> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason
  )
  expect(isSandboxError(error), `expected a SandboxError ${code}, got ${String(error)}`).toBe(true)
  expect((error as { code: string }).code).toBe(code)
  return error as Error
}
