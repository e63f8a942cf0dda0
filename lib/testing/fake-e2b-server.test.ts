import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFakeCloud, e2bModule as e2b } from '../../sandbox/e2b/e2b-fake-cloud.fixtures.ts'
import { startFakeE2BServer, type TFakeE2BServer } from './fake-e2b-server.ts'

// Each case drives the real `e2b` SDK against the server and checks what the SDK makes of the
// answer, so the statuses and Connect codes are the ones the SDK turns into its own errors.
let server: TFakeE2BServer
beforeAll(async () => {
  server = await startFakeE2BServer({ cloud: createFakeCloud() })
})
afterAll(async () => {
  await server.close()
})

const rejection = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error)

describe('fake E2B server: lifecycle over the REST API', () => {
  it('refuses a wrong API key with 401, which the SDK raises as its AuthenticationError', async () => {
    const before = server.cloud.sandboxes.length
    const refused = await rejection(e2b.Sandbox.create({ ...server.connection, apiKey: 'e2b_wrong' }))
    expect(refused).toBeInstanceOf(e2b.AuthenticationError)
    expect(server.cloud.sandboxes).toHaveLength(before)
  })

  it('answers 404 for a sandbox or template it does not know', async () => {
    expect(await rejection(e2b.Sandbox.connect('no-such-sandbox', server.connection))).toBeInstanceOf(e2b.SandboxNotFoundError)
    expect(await e2b.Sandbox.kill('no-such-sandbox', server.connection)).toBe(false)
    const template = await rejection(e2b.Sandbox.create('no-such-template', server.connection))
    expect(template).toMatchObject({ name: 'SandboxError', statusCode: 404 })
  })

  it('pauses once (a second pause is a 409, so false), refuses envd traffic while paused, and resumes on connect', async () => {
    const sandbox = await e2b.Sandbox.create(server.connection)
    await sandbox.files.write('kept.txt', 'kept')
    expect(await sandbox.pause()).toBe(true)
    expect(await e2b.Sandbox.pause(sandbox.sandboxId, server.connection)).toBe(false)
    expect(await rejection(sandbox.files.read('kept.txt'))).toBeInstanceOf(e2b.TimeoutError)
    await sandbox.connect()
    expect(await sandbox.files.read('kept.txt')).toBe('kept')
    expect(await sandbox.kill()).toBe(true)
    // A killed sandbox's envd is gone: the edge's 502 makes the SDK report it as not running.
    expect(await rejection(sandbox.commands.run('true'))).toBeInstanceOf(e2b.SandboxNotFoundError)
  })

  it('creates a sandbox from a snapshot with the files the snapshot held', async () => {
    const sandbox = await e2b.Sandbox.create(server.connection)
    await sandbox.files.write('/home/user/a.txt', 'before')
    const { snapshotId } = await sandbox.createSnapshot()
    await sandbox.files.write('/home/user/a.txt', 'after')
    const restored = await e2b.Sandbox.create(snapshotId, server.connection)
    expect(await restored.files.read('/home/user/a.txt')).toBe('before')
    await Promise.all([sandbox.kill(), restored.kill()])
  })
})

describe('fake E2B server: envd over Connect', () => {
  it('streams a command to its exit: a non-zero exit is the SDK CommandExitError with code and output', async () => {
    const sandbox = await e2b.Sandbox.create(server.connection)
    expect(await sandbox.commands.run('echo hi; pwd')).toMatchObject({ exitCode: 0, stdout: 'hi\n/home/user\n' })
    const failed = await rejection(sandbox.commands.run('echo out; echo err >&2; exit 3', { cwd: '/tmp', envs: { A: '1' } }))
    expect(failed).toBeInstanceOf(e2b.CommandExitError)
    expect(failed).toMatchObject({ exitCode: 3, stdout: 'out\n', stderr: 'err\n' })
    expect(await sandbox.commands.run('echo "$A in $PWD"', { cwd: '/tmp', envs: { A: '1' } })).toMatchObject({ stdout: '1 in /tmp\n' })
    await sandbox.kill()
  })

  it('feeds stdin, kills a running process by pid, and ends a command at its deadline', async () => {
    const sandbox = await e2b.Sandbox.create(server.connection)
    const reader = await sandbox.commands.run('cat', { background: true, stdin: true })
    await sandbox.commands.sendStdin(reader.pid, 'piped text')
    await sandbox.commands.closeStdin(reader.pid)
    expect(await reader.wait()).toMatchObject({ stdout: 'piped text', exitCode: 0 })

    const sleeper = await sandbox.commands.run('sleep 30', { background: true })
    expect(await sleeper.kill()).toBe(true)
    expect(await rejection(sleeper.wait())).toMatchObject({ name: 'CommandExitError', exitCode: -1 })
    expect(await sandbox.commands.kill(sleeper.pid)).toBe(false)

    expect(await rejection(sandbox.commands.run('sleep 30', { timeoutMs: 300 }))).toBeInstanceOf(e2b.TimeoutError)
    await sandbox.kill()
  })

  it('keeps files as bytes, lists and describes them, and reports a missing one as not found', async () => {
    const sandbox = await e2b.Sandbox.create(server.connection)
    const bytes = new Uint8Array([0, 255, 128, 10])
    await sandbox.files.write('/home/user/dir/blob.bin', bytes.buffer)
    expect(await sandbox.files.read('/home/user/dir/blob.bin', { format: 'bytes' })).toEqual(bytes)
    expect(await sandbox.files.read('/home/user/dir/missing.txt').catch((error: unknown) => error)).toBeInstanceOf(e2b.FileNotFoundError)
    expect(await sandbox.files.getInfo('/home/user/dir')).toMatchObject({ name: 'dir', type: 'dir', path: '/home/user/dir' })
    expect(await sandbox.files.list('/home/user', { depth: 2 })).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: '/home/user/dir/blob.bin', type: 'file', size: 4 })])
    )
    expect(await sandbox.files.makeDir('/home/user/dir')).toBe(false)
    expect(await sandbox.files.exists('/home/user/nope')).toBe(false)
    await sandbox.files.rename('/home/user/dir/blob.bin', '/home/user/moved.bin')
    await sandbox.files.remove('/home/user/dir')
    expect((await sandbox.files.list('/home/user')).map((entry) => entry.name).sort()).toEqual(['moved.bin'])
    expect(await rejection(sandbox.files.list('/home/user/moved.bin'))).toBeInstanceOf(e2b.InvalidArgumentError)
    await sandbox.kill()
  })

  it("refuses a request without the sandbox's access token, and answers CORS preflights", async () => {
    const sandbox = await e2b.Sandbox.create(server.connection)
    const headers = { 'content-type': 'application/json', 'connect-protocol-version': '1', 'e2b-sandbox-id': sandbox.sandboxId }
    const stat = await fetch(`${server.url}/filesystem.Filesystem/Stat`, { method: 'POST', headers, body: JSON.stringify({ path: '/home/user' }) })
    expect(stat.status).toBe(401)
    expect(await stat.json()).toEqual({ code: 'unauthenticated', message: 'invalid access token' })

    const preflight = await fetch(`${server.url}/process.Process/Start`, {
      method: 'OPTIONS',
      headers: { origin: 'http://page.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'e2b-sandbox-id,x-access-token' }
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('e2b-sandbox-id,x-access-token')
    await sandbox.kill()
  })
})

describe('fake E2B server: output streaming over envd', () => {
  it("streams a command's output to the SDK's onStdout and onStderr as data events, before the exit", async () => {
    const sandbox = await e2b.Sandbox.create(server.connection)
    const seen: string[] = []
    const result = await sandbox.commands.run('echo one; echo warn >&2; echo two', {
      onStdout: (text) => void seen.push(`stdout:${text}`),
      onStderr: (text) => void seen.push(`stderr:${text}`)
    })
    expect(seen).toEqual(['stdout:one\ntwo\n', 'stderr:warn\n'])
    expect(result).toMatchObject({ stdout: 'one\ntwo\n', stderr: 'warn\n', exitCode: 0 })
    const quiet: string[] = []
    await sandbox.commands.run('true', { onStdout: (text) => void quiet.push(text), onStderr: (text) => void quiet.push(text) })
    expect(quiet).toEqual([])
    await sandbox.kill()
  })

  it('splits long output over several data events, which the SDK joins back character for character', async () => {
    const sandbox = await e2b.Sandbox.create(server.connection)
    // 'é' is two bytes: 40,000 of them cross the event boundaries in the middle of characters.
    const expected = 'é'.repeat(40_000)
    await sandbox.files.write('/home/user/long.txt', expected)
    const chunks: string[] = []
    const result = await sandbox.commands.run('cat long.txt', { onStdout: (text) => void chunks.push(text) })
    expect(chunks.length).toBeGreaterThan(1)
    expect(chunks.join('')).toBe(expected)
    expect(result.stdout).toBe(expected)
    await sandbox.kill()
  })

  it('lists running processes and follows one with Connect until it ends', async () => {
    const sandbox = await e2b.Sandbox.create(server.connection)
    const running = await sandbox.commands.run('sleep 0.3; echo late; exit 4', { background: true, cwd: '/tmp' })
    expect(await sandbox.commands.list()).toEqual([expect.objectContaining({ pid: running.pid, cmd: '/bin/bash', cwd: '/tmp' })])
    const seen: string[] = []
    const followed = await sandbox.commands.connect(running.pid, { onStdout: (text) => void seen.push(text) })
    expect(await rejection(followed.wait())).toMatchObject({ name: 'CommandExitError', exitCode: 4, stdout: 'late\n' })
    expect(seen).toEqual(['late\n'])
    expect(await sandbox.commands.list()).toEqual([])
    expect(await rejection(sandbox.commands.connect(running.pid))).toBeInstanceOf(e2b.NotFoundError)
    await sandbox.kill()
  })
})

describe('fake E2B server: what it does not serve', () => {
  it("answers a sandbox's info and a new timeout", async () => {
    const sandbox = await e2b.Sandbox.create(server.connection)
    const info = await sandbox.getInfo()
    expect(info).toMatchObject({ sandboxId: sandbox.sandboxId, templateId: 'base', state: 'running' })
    await sandbox.setTimeout(600_000)
    const later = await sandbox.getInfo()
    expect(later.endAt.getTime() - Date.now()).toBeGreaterThan(500_000)
    await sandbox.kill()
    expect(await rejection(sandbox.getInfo())).toBeInstanceOf(e2b.SandboxNotFoundError)
  })

  it('refuses an envd method it does not implement as unimplemented, unary or streaming, at once', async () => {
    const sandbox = await e2b.Sandbox.create(server.connection)
    const headers = { 'e2b-sandbox-id': sandbox.sandboxId, 'x-access-token': await accessToken(sandbox) }
    const from = server.requests.length
    const watch = await rejection(sandbox.files.watchDir('/home/user', () => undefined))
    expect(watch).toBeInstanceOf(e2b.SandboxError)
    expect(String(watch)).toContain('filesystem.Filesystem.WatchDir is not implemented')
    const update = await fetch(`${server.url}/process.Process/Update`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}'
    })
    expect(update.status).toBe(501)
    expect(await update.json()).toEqual({ code: 'unimplemented', message: 'process.Process.Update is not implemented' })
    const unknown = await fetch(`${server.url}/envd.Nothing/Here`, { method: 'POST', headers })
    expect(unknown.status).toBe(404)
    expect(server.requests.slice(from).map((request) => [request.path, request.served])).toEqual([
      ['/filesystem.Filesystem/WatchDir', false],
      ['/process.Process/Update', false],
      ['/envd.Nothing/Here', false]
    ])
    await sandbox.kill()
  })

  it('answers an API route it does not serve with a plain 404, which the SDK does not mistake for a missing sandbox', async () => {
    const sandbox = await e2b.Sandbox.create(server.connection)
    const metrics = await rejection(sandbox.getMetrics())
    expect(metrics).toBeInstanceOf(e2b.SandboxError)
    expect(metrics).not.toBeInstanceOf(e2b.SandboxNotFoundError)
    expect(String(metrics)).toMatch(/404: 404 page not found: the fake E2B server does not serve GET \/sandboxes\/fake-sandbox-\d+\/metrics/)
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', served: false })
    await sandbox.kill()
  })
})

// The envd token the server issued to a sandbox, read back through its connect answer.
async function accessToken(sandbox: { sandboxId: string }): Promise<string> {
  const answer = await fetch(`${server.url}/v2/sandboxes/${sandbox.sandboxId}/connect`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': server.connection.apiKey },
    body: '{}'
  })
  return ((await answer.json()) as { envdAccessToken: string }).envdAccessToken
}
