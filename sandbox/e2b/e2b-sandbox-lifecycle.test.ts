import { describe, expect, it } from 'vitest'
import { isSandboxError } from '../sandbox-client.ts'
import { createFakeCloud, createSeededSandbox } from './e2b-fake-cloud.fixtures.ts'
import { E2BSandboxClient } from './e2b-sandbox-client.ts'

async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason
  )
  if (!isSandboxError(error)) throw new Error(`expected a SandboxError, got ${String(error)}`)
  return { code: error.code, message: error.message }
}

const connection = { apiKey: 'e2b_test_key', apiUrl: 'http://127.0.0.1:9/api', timeoutMs: 300_000 }

describe('E2BSandboxClient lifecycle', () => {
  describe("snapshot mode (createSnapshot, the sandbox keeps running)", () => {
    it('restores the files of the snapshot into a new sandbox and kills the replaced one', async () => {
      const cloud = createFakeCloud()
      const original = await createSeededSandbox(cloud, { 'state.txt': 'v1' })
      const client = new E2BSandboxClient(original, { sandboxClass: cloud, connection })
      const snapshotId = await client.snapshot()
      expect(snapshotId).toBe('fake-snapshot-1')
      expect(original.state).toBe('running')
      await client.writeFile('state.txt', 'v2')
      await client.run('echo extra > extra.txt')

      await client.restore(snapshotId)
      expect(await client.readFile('state.txt')).toBe('v1')
      expect((await client.run('ls')).stdout).toBe('state.txt\n')
      expect(client.sandboxId).not.toBe(original.sandboxId)
      expect(original.state).toBe('killed')
      expect(cloud.requests.at(-1)).toEqual({ method: 'create', target: 'fake-snapshot-1', options: connection })
    })

    it('rejects a snapshot that is not an id string, and an unknown id naming it, keeping the sandbox', async () => {
      const cloud = createFakeCloud()
      const client = new E2BSandboxClient(await createSeededSandbox(cloud, { 'keep.txt': 'kept' }), { sandboxClass: cloud })
      expect((await rejection(client.restore({ entries: [] }))).code).toBe('SANDBOX_ERROR')
      expect((await rejection(client.restore(''))).code).toBe('SANDBOX_ERROR')
      const unknown = await rejection(client.restore('no-such-snapshot'))
      expect(unknown.code).toBe('SANDBOX_NOT_FOUND')
      expect(unknown.message).toContain("'no-such-snapshot'")
      expect(await client.readFile('keep.txt')).toBe('kept')
    })
  })

  describe('pause mode (the paused sandbox is the snapshot)', () => {
    it('pauses on snapshot, resumes on the next call, and reconnects by id on restore', async () => {
      const cloud = createFakeCloud()
      const sandbox = await createSeededSandbox(cloud, { 'work.txt': 'in progress' })
      const client = new E2BSandboxClient(sandbox, { sandboxClass: cloud, snapshotMode: 'pause', connection })
      const id = await client.snapshot()
      expect(id).toBe(sandbox.sandboxId)
      expect(sandbox.state).toBe('paused')

      const [first, second] = await Promise.all([client.readFile('work.txt'), client.run('cat work.txt')])
      expect(first).toBe('in progress')
      expect(second.stdout).toBe('in progress')
      expect(sandbox.state).toBe('running')

      const other = new E2BSandboxClient(await createSeededSandbox(cloud), { sandboxClass: cloud, snapshotMode: 'pause', connection })
      await other.restore(id)
      expect(other.sandboxId).toBe(sandbox.sandboxId)
      expect(await other.readFile('work.txt')).toBe('in progress')
      expect(cloud.requests.at(-1)).toEqual({ method: 'connect', target: id, options: connection })
    })
  })

  describe('dispose', () => {
    it('kills the sandbox once, after which every call fails with SANDBOX_DISPOSED', async () => {
      const sandbox = await createSeededSandbox(createFakeCloud(), { 'a.txt': 'a' })
      const client = new E2BSandboxClient(sandbox)
      await client.dispose()
      expect(sandbox.state).toBe('killed')
      await client.dispose()
      for (const call of [client.run('true'), client.readFile('a.txt'), client.readdir('.'), client.snapshot()]) {
        expect((await rejection(call)).code).toBe('SANDBOX_DISPOSED')
      }
    })
  })
})
