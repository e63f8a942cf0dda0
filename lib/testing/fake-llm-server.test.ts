import { afterEach, describe, expect, it } from 'vitest'
import { startFakeLlmServer, type TFakeLlmServer } from './fake-llm-server.ts'

let server: TFakeLlmServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${server?.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
}

describe('startFakeLlmServer', () => {
  it('listens on 127.0.0.1 at a random port', async () => {
    server = await startFakeLlmServer()
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(server.openaiBaseURL).toBe(`${server.url}/v1`)
  })

  it('refuses turns that are not an array, as a script given as one function would be', async () => {
    await expect(startFakeLlmServer({ turns: (() => ({ text: 'hi' })) as never })).rejects.toThrow(
      'startFakeLlmServer(options): turns must be an array of turns (each one may be a function of the request); got function.'
    )
  })

  it('answers a CORS preflight with 204, echoing the requested headers', async () => {
    server = await startFakeLlmServer()
    const response = await fetch(`${server.url}/v1/messages`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,x-stainless-os' }
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS')
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization,x-stainless-os')
    expect(server.requests).toEqual([])
  })

  it.each([
    { path: '/v1/messages', first: 'event: message_start', last: 'event: message_stop' },
    { path: '/v1/responses', first: 'event: response.created', last: 'event: response.completed' },
    { path: '/v1/chat/completions', first: 'data: {"id":"chatcmpl-fake-0"', last: 'data: [DONE]' }
  ])('streams $path as SSE with CORS and records the request', async ({ path, first, last }) => {
    server = await startFakeLlmServer({ turns: [{ text: ['a', 'b'] }] })
    const response = await post(path, { model: 'm', stream: true })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const events = (await response.text()).trim().split('\n\n')
    expect(events[0]?.startsWith(first)).toBe(true)
    expect(events.at(-1)?.startsWith(last)).toBe(true)
    expect(server.requests[0]).toMatchObject({ method: 'POST', path, body: { model: 'm', stream: true } })
  })

  it('stamps when a request arrived and tells of each event as it is written, in order and on one clock', async () => {
    const written: Array<{ data: string; writtenAt: number; receivedAt: number }> = []
    server = await startFakeLlmServer({
      turns: [{ text: ['first piece', 'second piece'] }],
      eventDelayMs: 2,
      onEventWritten: ({ request, event, writtenAt }) => written.push({ data: event.data, writtenAt, receivedAt: request.receivedAt })
    })
    const before = performance.timeOrigin + performance.now()
    const body = await (await post('/v1/messages', { model: 'm', stream: true })).text()
    const after = performance.timeOrigin + performance.now()
    const receivedAt = server.requests[0]?.receivedAt ?? Number.NaN
    expect(receivedAt).toBeGreaterThanOrEqual(before)
    expect(receivedAt).toBeLessThanOrEqual(after)
    expect(written.map((entry) => entry.data)).toEqual(body.trim().split('\n\n').map((event) => event.slice(event.indexOf('data: ') + 'data: '.length)))
    const firstText = written.find((entry) => entry.data.includes('first piece'))
    expect(firstText?.receivedAt).toBe(receivedAt)
    expect(firstText?.writtenAt).toBeGreaterThan(receivedAt)
    const times = written.map((entry) => entry.writtenAt)
    expect(times).toEqual([...times].sort((left, right) => left - right))
    expect(times.at(-1)).toBeLessThanOrEqual(after)
  })

  it('picks a turn with a function of the request', async () => {
    server = await startFakeLlmServer({ turns: [(request) => ({ text: `model was ${(request.body as { model: string }).model}` })] })
    const text = await (await post('/v1/chat/completions', { model: 'qwen', stream: true })).text()
    expect(text).toContain('model was qwen')
    expect(server.remainingTurns()).toBe(0)
  })

  it('answers in the wire format error shape when no turn is left, or the route is unknown', async () => {
    server = await startFakeLlmServer()
    const anthropic = await post('/v1/messages', { stream: true })
    expect(anthropic.status).toBe(500)
    expect(await anthropic.json()).toMatchObject({ type: 'error', error: { type: 'api_error' } })
    const openai = await post('/v1/responses', { stream: true })
    expect(await openai.json()).toMatchObject({ error: { type: 'server_error' } })
    expect((await post('/v1/nowhere', {})).status).toBe(404)
  })

  it('sends the scripted status, error body and retry-after header', async () => {
    server = await startFakeLlmServer({ turns: [{ fault: { kind: 'http-error', status: 429, retryAfterSeconds: 12 } }] })
    const response = await post('/v1/chat/completions', { stream: true })
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('12')
    expect(await response.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } })
  })

  it('rejects another API key with 401 and keeps the turn', async () => {
    server = await startFakeLlmServer({ apiKey: 'right', turns: [{ text: 'hi' }] })
    const response = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: { authorization: 'Bearer wrong' },
      body: JSON.stringify({ stream: true })
    })
    expect(response.status).toBe(401)
    expect(server.remainingTurns()).toBe(1)
  })
})
