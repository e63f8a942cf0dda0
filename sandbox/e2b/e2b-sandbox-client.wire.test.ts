import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeE2BServer, type TFakeE2BServer } from '../../lib/testing/fake-e2b-server.ts'
import { describeSandboxClient } from '../sandbox-client.contract.ts'
import { describeWorkspaceManifest } from '../workspace/workspace-manifest.contract.ts'
import { startWorkspaceManifestServers } from '../workspace/workspace-manifest-servers.fixtures.ts'
import { createE2BSandboxClient } from './create-e2b-sandbox-client.ts'
import { createFakeCloud } from './e2b-fake-cloud.fixtures.ts'

// The real `e2b` SDK, unchanged, talking HTTP to a local E2B service: its REST client creates and
// manages sandboxes, its Connect transport runs commands and file operations against envd.
let server: TFakeE2BServer
beforeAll(async () => {
  server = await startFakeE2BServer({ cloud: createFakeCloud() })
})
afterAll(async () => {
  await server.close()
})

describeSandboxClient('E2BSandboxClient through the e2b SDK over HTTP', async (files, options) => {
  const client = await createE2BSandboxClient({ ...server.connection, ...options })
  const sandbox = server.cloud.sandboxes.at(-1)
  for (const [path, content] of Object.entries(files)) await sandbox?.files.write(path, content)
  return client
})

describeWorkspaceManifest('E2BSandboxClient through the e2b SDK over HTTP', () => createE2BSandboxClient(server.connection), startWorkspaceManifestServers)

describe('E2BSandboxClient through the e2b SDK over HTTP', () => {
  it('reaches the service only over its wire: the REST API for the sandbox, Connect for commands and files', async () => {
    const from = server.requests.length
    const client = await createE2BSandboxClient(server.connection)
    await client.writeFile('notes.txt', 'hello')
    expect(await client.run('cat notes.txt; exit 3')).toMatchObject({ stdout: 'hello', exitCode: 3 })
    expect((await client.readdir('.')).map((entry) => entry.name)).toContain('notes.txt')
    await client.dispose?.()
    const paths = server.requests.slice(from).map((request) => `${request.method} ${request.path}`)
    expect(paths[0]).toBe('POST /v2/sandboxes')
    expect(paths).toEqual(expect.arrayContaining(['POST /files', 'POST /process.Process/Start', 'POST /filesystem.Filesystem/ListDir']))
    expect(paths.at(-1)).toMatch(/^DELETE \/sandboxes\/fake-sandbox-\d+$/)
  })

  it('was served every request the contract and manifest suites made: no route or envd method they need is missing', () => {
    expect(server.requests.length).toBeGreaterThan(100)
    expect(server.requests.filter((request) => !request.served)).toEqual([])
  })

  it('fails to create a sandbox with a key the service refuses, naming the 401', async () => {
    const refused = await createE2BSandboxClient({ ...server.connection, apiKey: 'e2b_wrong' }).catch((error: unknown) => error)
    expect(refused).toMatchObject({ name: 'SandboxError', code: 'SANDBOX_ERROR' })
    expect(String((refused as Error).message)).toMatch(/Could not create E2B sandbox 'base': AuthenticationError: Unauthorized/)
  })

  it('fails to connect to a sandbox the service does not know', async () => {
    const missing = await createE2BSandboxClient({ ...server.connection, sandboxId: 'no-such-sandbox' }).catch((error: unknown) => error)
    expect(String((missing as Error).message)).toMatch(/Could not connect to E2B sandbox 'no-such-sandbox': SandboxNotFoundError/)
  })
})
