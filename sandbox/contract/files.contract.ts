import { describe, expect, it } from 'vitest'
import type { ISandboxClient } from '../sandbox-client.ts'
import { expectSandboxError, type TCreateSandboxClient } from './contract-support.contract.ts'

/** The file methods: reads, writes, bytes, listings, stat, mkdir, remove and rename, and their errors. */
export function describeFilesContract(create: TCreateSandboxClient): void {
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
}
