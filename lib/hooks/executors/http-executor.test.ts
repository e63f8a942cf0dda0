import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { IHookInput, THooksConfig } from '../hook-types.ts'
import { runHooks } from '../run-hooks.ts'
import { HttpExecutor } from './http-executor.ts'

const input: IHookInput = { session_id: 's', cwd: '/workspace', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }
const received: Array<{ method: string; body: string; headers: IncomingMessage['headers'] }> = []
let server: Server
let baseUrl = ''
let endlessStreamClosed: Promise<void>
let markEndlessClosed: () => void = () => undefined

const routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
  '/ok': (_request, response) => response.end(''),
  '/block-json': (_request, response) => response.end(JSON.stringify({ decision: 'block', reason: 'from the endpoint' })),
  '/forbidden': (_request, response) => {
    response.statusCode = 403
    response.end('not on my watch')
  },
  '/teapot-empty': (_request, response) => {
    response.statusCode = 404
    response.end()
  },
  '/broken': (_request, response) => {
    response.statusCode = 500
    response.end('boom')
  },
  '/hang': () => undefined,
  '/endless': (request, response) => {
    const chunk = 'z'.repeat(16 * 1024)
    const timer = setInterval(() => response.write(chunk), 1)
    request.socket.on('close', () => {
      clearInterval(timer)
      markEndlessClosed()
    })
  }
}

beforeAll(async () => {
  endlessStreamClosed = new Promise((resolve) => {
    markEndlessClosed = resolve
  })
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    request.on('end', () => {
      received.push({ method: request.method ?? '', body, headers: request.headers })
      routes[request.url ?? '']?.(request, response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const hook = (path: string, extra: object = {}): THooksConfig => ({ PreToolUse: [{ hooks: [{ type: 'http', url: `${baseUrl}${path}`, ...extra }] }] })

describe('HttpExecutor', () => {
  it('POSTs the hook input as JSON with the configured headers', async () => {
    const result = await runHooks('PreToolUse', input, hook('/ok', { headers: { authorization: 'Bearer t' } }))
    expect(result.blocked).toBe(false)
    const request = received.at(-1)
    expect(request?.method).toBe('POST')
    expect(JSON.parse(request?.body ?? '')).toEqual(input)
    expect(request?.headers['content-type']).toBe('application/json')
    expect(request?.headers.authorization).toBe('Bearer t')
  })

  it.each([
    ['/ok', 0, false, undefined],
    ['/block-json', 0, true, 'from the endpoint'],
    ['/forbidden', 2, true, 'not on my watch'],
    ['/teapot-empty', 2, true, 'HTTP 404 Not Found'],
    ['/broken', 1, false, undefined]
  ])('maps %s to exit code %i', async (path, exitCode, blocked, reason) => {
    const result = await runHooks('PreToolUse', input, hook(path))
    expect(result.outcomes[0]?.exitCode).toBe(exitCode)
    expect(result.blocked).toBe(blocked)
    expect(result.reason).toBe(reason)
  })

  it('stops an endpoint that never answers at the hook timeout', async () => {
    const result = await runHooks('PreToolUse', input, hook('/hang', { timeoutMs: 150 }))
    expect(result.outcomes[0]).toMatchObject({ timedOut: true, exitCode: 124, blocked: true })
  })

  it('times out on its own after 10 s by default', async () => {
    vi.useFakeTimers()
    try {
      let signal: AbortSignal | undefined
      const fetchStub = ((_url: string, init: RequestInit) => {
        signal = init.signal ?? undefined
        return new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal?.reason)))
      }) as typeof fetch
      const pending = new HttpExecutor({ fetch: fetchStub }).execute({ type: 'http', url: 'http://hook.test' }, input)
      await vi.advanceTimersByTimeAsync(9_999)
      expect(signal?.aborted).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(await pending).toEqual({ exitCode: 124, stdout: '', stderr: 'timed out after 10000 ms', timedOut: true })
    } finally {
      vi.useRealTimers()
    }
  })

  it('reads an endless body only up to the cap, then hangs up', async () => {
    const result = await runHooks('PostToolUse', { ...input, hook_event_name: 'PostToolUse' }, { PostToolUse: [{ hooks: [{ type: 'http', url: `${baseUrl}/endless` }] }] }, { maxOutputBytes: 64 * 1024 })
    expect(result.outcomes[0]?.stdout?.length).toBeLessThan(70 * 1024)
    expect(result.outcomes[0]?.stdout).toContain('[hook output truncated: the rest of the body dropped]')
    await endlessStreamClosed
  })

  it('sends no body with GET', async () => {
    await runHooks('PreToolUse', input, hook('/ok', { method: 'get' }))
    expect(received.at(-1)).toMatchObject({ method: 'GET', body: '' })
  })
})
