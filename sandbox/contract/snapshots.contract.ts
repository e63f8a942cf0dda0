import { describe, expect, it } from 'vitest'
import { expectSandboxError, type TCreateSandboxClient } from './contract-support.contract.ts'

/** `snapshot()` and `restore()`: a portable value that brings the files back exactly. */
export function describeSnapshotContract(create: TCreateSandboxClient): void {
  describe('snapshot and restore', () => {
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
}
