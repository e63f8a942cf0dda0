import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isSandboxError } from '../sandbox-client.ts'
import { describeSandboxClient } from '../sandbox-client.contract.ts'
import { InMemorySandboxClient } from './in-memory-sandbox-client.ts'
import { loadShellModules } from './just-bash-runtime.ts'

describeSandboxClient('InMemorySandboxClient', (files, options) => new InMemorySandboxClient({ files, ...options }))

async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string; path?: string }> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason
  )
  if (!isSandboxError(error)) throw new Error(`expected a SandboxError, got ${String(error)}`)
  return { code: error.code, message: error.message, ...(error.path === undefined ? {} : { path: error.path }) }
}

describe('InMemorySandboxClient', () => {
  describe('construction and loading', () => {
    it('resolves relative seed keys against cwd and keeps absolute ones', async () => {
      const client = new InMemorySandboxClient({
        cwd: '/project',
        files: { 'src/index.ts': 'export {}', './notes/../todo.md': '- a', '/etc/app.conf': 'x=1' }
      })
      expect(await client.readFile('/project/src/index.ts')).toBe('export {}')
      expect(await client.readFile('/project/todo.md')).toBe('- a')
      expect(await client.readFile('/etc/app.conf')).toBe('x=1')
      expect((await client.run('pwd')).stdout).toBe('/project\n')
    })

    it('starts in /workspace by default, with /tmp available', async () => {
      const client = new InMemorySandboxClient()
      expect(client.cwd).toBe('/workspace')
      expect((await client.run('pwd && echo t > /tmp/t && cat /tmp/t')).stdout).toBe('/workspace\nt\n')
    })

    it('does not load just-bash until first use', async () => {
      const client = new InMemorySandboxClient({ files: { 'a.txt': 'a' } })
      expect(client.isLoaded).toBe(false)
      expect(client.cwd).toBe('/workspace')
      expect(client.isLoaded).toBe(false)
      await client.readFile('a.txt')
      expect(client.isLoaded).toBe(true)
    })

    it('imports just-bash only lazily: no value import of it anywhere in the adapter', () => {
      const directory = new URL('./', import.meta.url)
      const sources = readdirSync(directory).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      expect(sources).toContain('in-memory-sandbox-client.ts')
      for (const name of sources) {
        const source = readFileSync(new URL(name, directory), 'utf8')
        const valueImports = source.match(/^import\s+(?!type\b)[^;]*?from\s+'just-bash'/gm) ?? []
        expect(valueImports, name).toEqual([])
      }
    })

    it('preloads the shell’s code once for every client: a client made after it loads nothing more', async () => {
      await InMemorySandboxClient.preload()
      const loaded = loadShellModules()
      expect(loadShellModules()).toBe(loaded)
      const client = new InMemorySandboxClient()
      expect(client.isLoaded).toBe(false)
      expect((await client.run('echo ready')).stdout).toBe('ready\n')
      expect(loadShellModules()).toBe(loaded)
    })

    it('shares one filesystem between concurrent first calls', async () => {
      const client = new InMemorySandboxClient()
      await Promise.all([client.writeFile('one.txt', '1'), client.writeFile('two.txt', '2'), client.run('echo 3 > three.txt')])
      expect((await client.run('cat one.txt two.txt three.txt')).stdout).toBe('123\n')
    })

    it('copies seeded bytes, so changing the caller array later does not change the file', async () => {
      const bytes = new Uint8Array([1, 2, 3])
      const client = new InMemorySandboxClient({ files: { 'data.bin': bytes } })
      bytes[0] = 9
      expect(Array.from(await client.readFile('data.bin', { encoding: 'bytes' }))).toEqual([1, 2, 3])
    })
  })

  describe('run', () => {
    it('refuses a cwd option naming a file, and runs in a link to a directory', async () => {
      const client = new InMemorySandboxClient({ files: { 'notes.txt': 'n', 'real/x.txt': 'x' } })
      expect(await rejection(client.run('touch ran.txt', { cwd: 'notes.txt' }))).toEqual({
        code: 'SANDBOX_NOT_A_DIRECTORY',
        message: "run(command, options): the working directory '/workspace/notes.txt' is not a directory.",
        path: '/workspace/notes.txt'
      })
      await client.run('ln -s real linked')
      expect((await client.run('cat x.txt', { cwd: 'linked' })).stdout).toBe('x')
      expect((await client.run('ls')).stdout).toBe('linked\nnotes.txt\nreal\n')
    })

    it('stays in the directory a command started in when it ends with exit, timed or not', async () => {
      const client = new InMemorySandboxClient({ files: { 'sub/deeper/x.txt': 'x' } })
      await client.run('cd sub')
      expect(await client.run('cd deeper; echo leaving; exit 3')).toEqual({ stdout: 'leaving\n', stderr: '', exitCode: 3 })
      expect(client.cwd).toBe('/workspace/sub')
      expect((await client.run('cd deeper; exit 4', { timeoutMs: 5000 })).exitCode).toBe(4)
      expect(client.cwd).toBe('/workspace/sub')
      expect((await client.run('pwd')).stdout).toBe('/workspace/sub\n')
    })

    it('stops a CPU-bound loop at timeoutMs', async () => {
      const client = new InMemorySandboxClient()
      const startedAt = Date.now()
      const result = await client.run('while true; do echo spin > /dev/null; done', { timeoutMs: 300 })
      expect(result.exitCode).toBe(124)
      expect(result.stderr).toContain('timed out after 300 ms')
      expect(Date.now() - startedAt).toBeLessThan(5000)
    })

    it('caps stdout and stderr at maxOutputBytes with a notice', async () => {
      const client = new InMemorySandboxClient({ maxOutputBytes: 10 })
      const result = await client.run('echo 0123456789abcdef; echo short >&2')
      expect(result.stdout).toBe('0123456789\n[output truncated: 7 of 17 bytes dropped]\n')
      expect(result.stderr).toBe('short\n')
    })

    it('runs the script as written, indentation after a line continuation included', async () => {
      const client = new InMemorySandboxClient()
      expect((await client.run('printf "[%s]" foo\\\n  bar')).stdout).toBe('[foo][bar]')
      expect((await client.run('cat <<EOF\n  indented\nEOF')).stdout).toBe('  indented\n')
    })

    it('gives every command the constructor env, overridable per command', async () => {
      const client = new InMemorySandboxClient({ env: { MODE: 'base', OTHER: 'kept' } })
      expect((await client.run('echo $MODE $OTHER')).stdout).toBe('base kept\n')
      expect((await client.run('echo $MODE $OTHER', { env: { MODE: 'override' } })).stdout).toBe('override kept\n')
    })

    it('has no network unless URL prefixes are allowed, and then only to those', async () => {
      const offline = new InMemorySandboxClient()
      expect((await offline.run('curl https://example.com')).exitCode).toBe(127)
      const allowed = new InMemorySandboxClient({ allowedUrlPrefixes: ['https://api.example.com/'] })
      const denied = await allowed.run('curl https://other.example.org/data 2>&1')
      expect(denied.exitCode).toBe(7)
      expect(denied.stdout).toMatch(/not allowed|denied/i)
    })
  })

  describe('files', () => {
    it('refuses to write or mkdir through a file, or write over a directory, naming the path', async () => {
      const client = new InMemorySandboxClient({ files: { 'plain.txt': 'p', 'dir/x.txt': 'x' } })
      expect(await rejection(client.writeFile('plain.txt/child.txt', 'c'))).toMatchObject({
        code: 'SANDBOX_NOT_A_DIRECTORY',
        path: '/workspace/plain.txt/child.txt'
      })
      expect(await rejection(client.writeFile('dir', 'c'))).toMatchObject({ code: 'SANDBOX_IS_A_DIRECTORY' })
      expect(await rejection(client.mkdir('plain.txt/sub', { recursive: true }))).toMatchObject({
        code: 'SANDBOX_NOT_A_DIRECTORY',
        path: '/workspace/plain.txt/sub'
      })
      expect(await rejection(client.mkdir('plain.txt', { recursive: true }))).toMatchObject({ code: 'SANDBOX_ALREADY_EXISTS' })
      expect(await client.readFile('plain.txt')).toBe('p')
      expect(await client.readFile('dir/x.txt')).toBe('x')
    })

    it('follows POSIX rename rules for directories', async () => {
      const client = new InMemorySandboxClient({ files: { 'a/f.txt': 'f', 'full/g.txt': 'g', 'file.txt': 't' } })
      await client.mkdir('empty')
      expect((await rejection(client.rename('a', 'a/inside'))).code).toBe('SANDBOX_INVALID_PATH')
      expect((await rejection(client.rename('a', 'full'))).code).toBe('SANDBOX_NOT_EMPTY')
      expect((await rejection(client.rename('file.txt', 'empty'))).code).toBe('SANDBOX_IS_A_DIRECTORY')
      expect((await rejection(client.rename('a', 'file.txt'))).code).toBe('SANDBOX_NOT_A_DIRECTORY')
      expect((await rejection(client.rename('file.txt', 'missing-parent/file.txt'))).code).toBe('SANDBOX_NOT_FOUND')
      await client.rename('a', 'empty')
      expect(await client.readFile('empty/f.txt')).toBe('f')
    })

    it('rejects invalid paths and removing the root', async () => {
      const client = new InMemorySandboxClient()
      expect((await rejection(client.readFile(''))).code).toBe('SANDBOX_INVALID_PATH')
      expect((await rejection(client.readFile('a\0b'))).code).toBe('SANDBOX_INVALID_PATH')
      expect((await rejection(client.remove('/', { recursive: true }))).code).toBe('SANDBOX_INVALID_PATH')
    })

    it('refuses arguments of the wrong type, naming the argument, and writes nothing', async () => {
      const client = new InMemorySandboxClient()
      expect(await rejection(client.writeFile('n.txt', 42 as never))).toMatchObject({
        code: 'SANDBOX_INVALID_OPTIONS',
        message: 'writeFile(path, content): content must be a string or a Uint8Array; got number.'
      })
      expect((await rejection(client.stat('n.txt'))).code).toBe('SANDBOX_NOT_FOUND')
      expect(await rejection(client.run(undefined as never))).toMatchObject({ code: 'SANDBOX_INVALID_OPTIONS', message: 'run(command): command must be a string; got undefined.' })
      expect(await rejection(client.readFile('n.txt', { encoding: 'latin1' } as never))).toMatchObject({
        code: 'SANDBOX_INVALID_OPTIONS',
        message: 'readFile(path, options): encoding must be "utf8" or "bytes"; got "latin1".'
      })
      expect(await rejection(client.readFile(7 as never))).toMatchObject({ code: 'SANDBOX_INVALID_PATH', message: 'readFile(path): the path must be a string; got number.' })
    })

    it('names the call a refused path was given to', async () => {
      const client = new InMemorySandboxClient()
      const refusals = await Promise.all([
        rejection(client.readFile('')),
        rejection(client.writeFile('a\0b', 'x')),
        rejection(client.readdir('')),
        rejection(client.stat('')),
        rejection(client.mkdir('')),
        rejection(client.remove('')),
        rejection(client.rename('a.txt', '')),
        rejection(client.run('ls', { cwd: '' }))
      ])
      expect(refusals.map(({ code, message }) => ({ code, message }))).toEqual([
        { code: 'SANDBOX_INVALID_PATH', message: 'readFile(path): the path is empty.' },
        { code: 'SANDBOX_INVALID_PATH', message: 'writeFile(path, content): the path contains a NUL character: "a\\u0000b".' },
        { code: 'SANDBOX_INVALID_PATH', message: 'readdir(path): the path is empty.' },
        { code: 'SANDBOX_INVALID_PATH', message: 'stat(path): the path is empty.' },
        { code: 'SANDBOX_INVALID_PATH', message: 'mkdir(path): the path is empty.' },
        { code: 'SANDBOX_INVALID_PATH', message: 'remove(path): the path is empty.' },
        { code: 'SANDBOX_INVALID_PATH', message: 'rename(from, to): to: the path is empty.' },
        { code: 'SANDBOX_INVALID_PATH', message: 'run(command, options): cwd: the path is empty.' }
      ])
    })

    it('reports a symbolic link as a link in readdir and stat', async () => {
      const client = new InMemorySandboxClient({ files: { 'target.txt': 'T' } })
      await client.run('ln -s target.txt link.txt')
      expect(await client.readdir('.')).toEqual([
        { name: 'link.txt', type: 'symlink' },
        { name: 'target.txt', type: 'file' }
      ])
      expect((await client.stat('link.txt')).type).toBe('symlink')
      expect(await client.readFile('link.txt')).toBe('T')
    })
  })

  describe('snapshot and restore', () => {
    it('round-trips text, bytes, empty directories, modes, links and the current directory', async () => {
      const client = new InMemorySandboxClient({ files: { 'text.txt': 'héllo\n', 'bytes.bin': new Uint8Array([0, 255, 254, 128]) } })
      await client.mkdir('empty/nested', { recursive: true })
      await client.run('chmod 700 text.txt && ln -s text.txt link && mkdir -p deep/er && chmod 750 deep && cd deep')
      const before = await client.snapshot()
      const statBefore = await client.stat('/workspace/text.txt')

      await client.run('cd / && rm -rf /workspace && echo stray > /stray.txt')
      await client.restore(JSON.parse(JSON.stringify(before)))

      expect(client.cwd).toBe('/workspace/deep')
      expect(await client.readFile('/workspace/text.txt')).toBe('héllo\n')
      expect(Array.from(await client.readFile('/workspace/bytes.bin', { encoding: 'bytes' }))).toEqual([0, 255, 254, 128])
      expect(await client.readdir('/workspace/empty')).toEqual([{ name: 'nested', type: 'directory' }])
      expect(await client.readdir('/workspace/empty/nested')).toEqual([])
      expect(await client.stat('/workspace/text.txt')).toEqual(statBefore)
      expect((await client.stat('/workspace/deep')).mode & 0o777).toBe(0o750)
      expect((await client.stat('/workspace/link')).type).toBe('symlink')
      expect(await client.readFile('/workspace/link')).toBe('héllo\n')
      expect((await rejection(client.readFile('/stray.txt'))).code).toBe('SANDBOX_NOT_FOUND')
      expect((await client.run('pwd; cat ../text.txt')).stdout).toBe('/workspace/deep\nhéllo\n')
      expect(await client.snapshot()).toEqual(before)
    })

    it('stores valid UTF-8 as text and other bytes as base64, leaving out built-in stubs', async () => {
      const client = new InMemorySandboxClient({ files: { 'a.txt': 'plain', 'b.bin': new Uint8Array([0xff, 0x00]) } })
      const snapshot = await client.snapshot()
      const byPath = new Map(snapshot.entries.map((entry) => [entry.path, entry]))
      expect(byPath.get('/workspace/a.txt')).toMatchObject({ type: 'file', encoding: 'utf8', content: 'plain' })
      expect(byPath.get('/workspace/b.bin')).toMatchObject({ type: 'file', encoding: 'base64', content: '/wA=' })
      expect(byPath.get('/workspace')).toMatchObject({ type: 'directory' })
      expect(snapshot.entries.some((entry) => entry.path.startsWith('/proc') || entry.path === '/bin/echo')).toBe(false)
    })

    it('restores into a different client', async () => {
      const source = new InMemorySandboxClient({ files: { 'kept.txt': 'kept' } })
      const target = new InMemorySandboxClient({ files: { 'other.txt': 'gone' } })
      await target.restore(await source.snapshot())
      expect(await target.readFile('kept.txt')).toBe('kept')
      expect((await rejection(target.readFile('other.txt'))).code).toBe('SANDBOX_NOT_FOUND')
    })

    const format = 'robota-in-memory-sandbox'
    const file = { type: 'file', mode: 420, mtimeMs: 0, encoding: 'utf8', content: '' }
    it.each([
      ['a string', 'not a snapshot', /not an object/],
      ['a wrong format', { format: 'other', version: 1, cwd: '/', entries: [] }, /format/],
      ['a missing entries list', { format, version: 1, cwd: '/' }, /entries/],
      ['a relative path', { format, version: 1, cwd: '/', entries: [{ ...file, path: 'rel' }] }, /entries\[0\]\.path/],
      ['an unknown type', { format, version: 1, cwd: '/', entries: [{ ...file, type: 'fifo', path: '/p' }] }, /entries\[0\]\.type/],
      ['a bad mode', { format, version: 1, cwd: '/', entries: [{ ...file, path: '/f', mode: -1 }] }, /mode/],
      ['bad base64', { format, version: 1, cwd: '/', entries: [{ ...file, path: '/f', encoding: 'base64', content: '***' }] }, /base64/],
      ['a duplicate path', { format, version: 1, cwd: '/', entries: [{ ...file, path: '/f' }, { ...file, path: '/f' }] }, /more than once/],
      ['a file inside a file', { format, version: 1, cwd: '/', entries: [{ ...file, path: '/f' }, { ...file, path: '/f/g' }] }, /inside \/f/],
      ['a cwd that is not a directory', { format, version: 1, cwd: '/missing', entries: [] }, /cwd/]
    ])('rejects %s and leaves the filesystem untouched', async (_label, snapshot, message) => {
      const client = new InMemorySandboxClient({ files: { 'keep.txt': 'still here' } })
      const error = await rejection(client.restore(snapshot))
      expect(error.code).toBe('SANDBOX_ERROR')
      expect(error.message).toMatch(/Invalid in-memory sandbox snapshot/)
      expect(error.message).toMatch(message)
      expect(await client.readFile('keep.txt')).toBe('still here')
    })
  })

  describe('dispose', () => {
    it('makes every later call reject with SANDBOX_DISPOSED', async () => {
      const client = new InMemorySandboxClient({ files: { 'a.txt': 'a' } })
      await client.run('true')
      await client.dispose()
      await client.dispose()
      const calls: Array<() => Promise<unknown>> = [
        () => client.run('echo hi'),
        () => client.readFile('a.txt'),
        () => client.writeFile('b.txt', 'b'),
        () => client.readdir('.'),
        () => client.stat('a.txt'),
        () => client.mkdir('d'),
        () => client.remove('a.txt'),
        () => client.rename('a.txt', 'c.txt'),
        () => client.snapshot()
      ]
      for (const call of calls) expect((await rejection(call())).code).toBe('SANDBOX_DISPOSED')
    })
  })
})
