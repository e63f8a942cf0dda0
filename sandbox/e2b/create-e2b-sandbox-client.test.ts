import { createServer } from 'node:http'
import type { IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { isSandboxError } from '../sandbox-client.ts'
import { createE2BSandboxClient } from './create-e2b-sandbox-client.ts'
import { createFakeCloud, createSeededSandbox } from './e2b-fake-cloud.fixtures.ts'
import { E2BSandboxClient } from './e2b-sandbox-client.ts'

type TRecordedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string }

const servers: Array<{ close: () => void }> = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

// A stand-in for E2B's control plane that refuses every key, recording what the SDK sent.
async function startRefusingApi(): Promise<{ url: string; requests: TRecordedRequest[] }> {
  const requests: TRecordedRequest[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body })
      response.writeHead(401, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ code: 401, message: 'Invalid API key' }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests }
}

describe('createE2BSandboxClient', () => {
  it('refuses a misspelt option before reaching the cloud, naming it and what it takes', async () => {
    const cloud = createFakeCloud()
    const created = createE2BSandboxClient({ sandboxClass: cloud, apikey: 'e2b_key' } as never)
    await expect(created).rejects.toSatisfy((error: unknown) => isSandboxError(error) && error.code === 'SANDBOX_INVALID_OPTIONS')
    await expect(created).rejects.toThrow('createE2BSandboxClient(options): unknown option "apikey"; it takes sandbox, template, sandboxId, apiKey,')
    expect(cloud.sandboxes).toHaveLength(0)
    expect(cloud.requests).toHaveLength(0)
  })

  it('refuses an empty cwd before a sandbox is created in the cloud, naming it', async () => {
    const cloud = createFakeCloud()
    const created = createE2BSandboxClient({ sandboxClass: cloud, template: 'base', cwd: '' })
    await expect(created).rejects.toSatisfy((error: unknown) => isSandboxError(error) && error.code === 'SANDBOX_INVALID_PATH')
    await expect(created).rejects.toThrow('createE2BSandboxClient(options): cwd: the path is empty.')
    await expect(createE2BSandboxClient({ sandboxClass: cloud, cwd: 5 } as never)).rejects.toThrow('createE2BSandboxClient(options): cwd must be a path; got number.')
    expect(cloud.sandboxes).toHaveLength(0)
    expect(cloud.requests).toHaveLength(0)
  })

  it('creates a sandbox from the template with the connection options', async () => {
    const cloud = createFakeCloud()
    const client = await createE2BSandboxClient({
      sandboxClass: cloud,
      template: 'base',
      apiKey: 'e2b_key',
      sandboxUrl: 'http://127.0.0.1:1',
      timeoutMs: 120_000,
      cwd: '/tmp'
    })
    expect(client).toBeInstanceOf(E2BSandboxClient)
    expect(cloud.requests).toEqual([
      { method: 'create', target: 'base', options: { apiKey: 'e2b_key', sandboxUrl: 'http://127.0.0.1:1', timeoutMs: 120_000 } }
    ])
    expect(client.sandboxId).toBe(cloud.sandboxes[0]?.sandboxId)
    expect((await client.run('pwd')).stdout).toBe('/tmp\n')
  })

  it('connects to an existing sandbox by id instead of creating one', async () => {
    const cloud = createFakeCloud()
    const existing = await createSeededSandbox(cloud, { 'left.txt': 'left here' })
    const client = await createE2BSandboxClient({ sandboxClass: cloud, sandboxId: existing.sandboxId, apiKey: 'k' })
    expect(cloud.requests.at(-1)).toEqual({ method: 'connect', target: existing.sandboxId, options: { apiKey: 'k' } })
    expect(await client.readFile('left.txt')).toBe('left here')
  })

  it('wraps a given sandbox without creating anything', async () => {
    const cloud = createFakeCloud()
    const sandbox = await createSeededSandbox(cloud, { 'x.txt': 'x' })
    const client = await createE2BSandboxClient({ sandbox, sandboxClass: cloud })
    expect(cloud.requests).toHaveLength(1)
    expect(await client.readFile('x.txt')).toBe('x')
  })

  it('names the template when creation fails', async () => {
    const error: unknown = await createE2BSandboxClient({ sandboxClass: createFakeCloud(), template: 'missing-template' }).catch(
      (reason: unknown) => reason
    )
    expect(isSandboxError(error) && error.code).toBe('SANDBOX_ERROR')
    expect((error as Error).message).toBe(
      "Could not create E2B sandbox 'missing-template': NotFoundError: 404: template 'missing-template' not found"
    )
  })

  it('loads the real SDK lazily and sends the key and template to apiUrl', async () => {
    const api = await startRefusingApi()
    const error: unknown = await createE2BSandboxClient({ apiKey: 'e2b_wrong', apiUrl: api.url, template: 'my-template' }).catch(
      (reason: unknown) => reason
    )
    expect(isSandboxError(error)).toBe(true)
    expect((error as Error).message).toMatch(/^Could not create E2B sandbox 'my-template': AuthenticationError: /)
    expect(api.requests).toHaveLength(1)
    expect(api.requests[0]).toMatchObject({ method: 'POST', url: '/v2/sandboxes' })
    expect(api.requests[0]?.headers['x-api-key']).toBe('e2b_wrong')
    expect(JSON.parse(api.requests[0]?.body ?? '{}')).toMatchObject({ templateID: 'my-template' })
  })
})
