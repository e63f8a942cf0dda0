import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordSuiteTotal } from '../../lib/testing/suite-totals.ts'
import { InMemorySandboxClient } from '../in-memory/in-memory-sandbox-client.ts'
import { applyWorkspaceManifest } from './apply-workspace-manifest.ts'
import { createTestRepository, startGitHttpServer, type TGitHttpServer } from './git-http-server.fixtures.ts'
import type { IWorkspaceManifest } from './workspace-manifest.ts'

// Aborting a hydration through `options.signal`: the running download or clone stops at once,
// leaves nothing of itself in the sandbox, and no later entry starts.

const SUITE = 'workspace hydration aborts'

/** A server that sends headers and the first bytes of a body, then never finishes it. */
async function startStallingServer(): Promise<{ url: string; bodyStarted: Promise<void>; close(): Promise<void> }> {
  const open = new Set<ServerResponse>()
  let startBody = () => {}
  const bodyStarted = new Promise<void>((resolve) => (startBody = resolve))
  const server = createServer((request, response) => {
    open.add(response)
    response.writeHead(200, { 'content-type': 'application/octet-stream' })
    response.write('first bytes of a file that never ends', () => startBody())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodyStarted,
    close: () => {
      for (const response of open) response.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}

/** Paths of every file and directory under `root`, depth first. */
async function listTree(sandbox: InMemorySandboxClient, root: string): Promise<string[]> {
  const found: string[] = []
  for (const entry of await sandbox.readdir(root)) {
    const path = `${root}/${entry.name}`
    found.push(path)
    if (entry.type === 'directory') found.push(...(await listTree(sandbox, path)))
  }
  return found
}

const afterAbort = { path: 'after.txt', type: 'file', status: 'failed', message: 'not applied: the hydration was aborted' }

describe('applyWorkspaceManifest with a signal', () => {
  let gitServer: TGitHttpServer
  beforeAll(async () => {
    gitServer = await startGitHttpServer()
    createTestRepository(gitServer.root, 'sample')
  })
  afterAll(() => gitServer.close())

  it('stops a download stalled mid-body over real HTTP: no file, no later entry', async () => {
    const server = await startStallingServer()
    const sandbox = new InMemorySandboxClient()
    const controller = new AbortController()
    const manifest: IWorkspaceManifest = {
      entries: {
        'before.txt': { type: 'file', content: 'before\n' },
        'data/big.bin': { type: 'url', url: `${server.url}/big.bin` },
        'after.txt': { type: 'file', content: 'after\n' }
      }
    }
    // Aborted once the body has begun, however long the entry before it took to write.
    void server.bodyStarted.then(() => setTimeout(() => controller.abort(), 20))
    const result = await applyWorkspaceManifest(sandbox, manifest, { signal: controller.signal })
    await server.close()

    expect(result).toEqual({
      aborted: true,
      entries: [
        { path: 'before.txt', type: 'file', status: 'applied' },
        { path: 'data/big.bin', type: 'url', status: 'failed', message: `could not fetch ${server.url}/big.bin: the hydration was aborted` },
        afterAbort
      ]
    })
    expect(await listTree(sandbox, '/workspace')).toEqual(['/workspace/before.txt'])
    recordSuiteTotal(SUITE, 'aborts')
  })

  it('stops a clone between two of its writes and removes what it wrote, even writes still in flight', async () => {
    const sandbox = new InMemorySandboxClient()
    const controller = new AbortController()
    const writeFile = sandbox.writeFile.bind(sandbox)
    let writes = 0
    sandbox.writeFile = (async (path: string, content: string | Uint8Array) => {
      if (path.startsWith('/workspace/repo/') && ++writes === 3) controller.abort()
      return writeFile(path, content)
    }) as typeof sandbox.writeFile
    const manifest: IWorkspaceManifest = {
      entries: { repo: { type: 'gitRepo', url: `${gitServer.url}/sample.git` }, 'after.txt': { type: 'file', content: 'after\n' } }
    }

    const result = await applyWorkspaceManifest(sandbox, manifest, { signal: controller.signal })

    expect(writes).toBeGreaterThanOrEqual(3)
    expect(result).toEqual({
      aborted: true,
      entries: [
        { path: 'repo', type: 'gitRepo', status: 'failed', message: `git clone ${gitServer.url}/sample.git failed: the hydration was aborted` },
        afterAbort
      ]
    })
    // Whatever the clone still had queued cannot land once the result is out.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await listTree(sandbox, '/workspace')).toEqual([])
    recordSuiteTotal(SUITE, 'aborts')
  })

  it('stops a clone whose server never answers, though the fetch given ignores every signal', async () => {
    const server = await startStallingServer()
    const sandbox = new InMemorySandboxClient()
    const controller = new AbortController()
    const deafFetch: typeof fetch = (input, init) => fetch(input, { ...init, signal: null })
    // Aborted once the clone's request is being answered, however long loading git took.
    void server.bodyStarted.then(() => setTimeout(() => controller.abort(), 20))
    const startedAt = Date.now()
    const result = await applyWorkspaceManifest(
      sandbox,
      { entries: { repo: { type: 'gitRepo', url: `${server.url}/stalled.git` } } },
      { signal: controller.signal, fetch: deafFetch }
    )
    await server.close()

    expect(Date.now() - startedAt).toBeLessThan(5000)
    expect(result.aborted).toBe(true)
    expect(result.entries[0]).toMatchObject({ status: 'failed', message: expect.stringMatching(/stalled\.git failed: the hydration was aborted$/) })
    expect(await listTree(sandbox, '/workspace').catch(() => [])).toEqual([])
    recordSuiteTotal(SUITE, 'aborts')
  })

  it('applies nothing when the signal has already fired, after still checking the manifest', async () => {
    const sandbox = new InMemorySandboxClient()
    const result = await applyWorkspaceManifest(
      sandbox,
      { entries: { 'a.txt': { type: 'file', content: 'a' }, b: { type: 'dir' } }, environment: { STAGE: 'test' } },
      { signal: AbortSignal.abort() }
    )
    expect(result).toEqual({
      aborted: true,
      entries: [
        { path: 'a.txt', type: 'file', status: 'failed', message: 'not applied: the hydration was aborted' },
        { path: 'b', type: 'dir', status: 'failed', message: 'not applied: the hydration was aborted' }
      ]
    })
    expect(await listTree(sandbox, '/workspace')).toEqual([])
    // Its environment is not applied either.
    expect((await sandbox.run('echo "[$STAGE]"')).stdout).toBe('[]\n')
    await expect(applyWorkspaceManifest(sandbox, { entries: { '../x': { type: 'dir' } } }, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'WORKSPACE_MANIFEST_INVALID'
    })
    recordSuiteTotal(SUITE, 'aborts')
  })

  it('leaves a hydration that is never aborted as it was: no aborted flag', async () => {
    const sandbox = new InMemorySandboxClient()
    const result = await applyWorkspaceManifest(sandbox, { entries: { repo: { type: 'gitRepo', url: `${gitServer.url}/sample.git` } } }, {
      signal: new AbortController().signal
    })
    expect(result).toEqual({ entries: [{ path: 'repo', type: 'gitRepo', status: 'applied' }] })
    expect(await sandbox.readFile('/workspace/repo/version.txt')).toBe('two\n')
  })
})
