import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { isRobotaError, type RobotaError } from '../lib/core/errors.ts'
import { createUserMessage } from '../lib/core/messages.ts'
import { AnthropicProvider } from '../lib/providers/anthropic/anthropic-provider.ts'
import { OpenAIProvider } from '../lib/providers/openai/openai-provider.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import type { TFakeLlmTurnSource } from '../lib/testing/fake-llm-server.ts'
import { createProviderProxy } from './create-provider-proxy.ts'
import type { TProviderProxyLogEntry, TProviderProxyOptions } from './provider-proxy-options.ts'
import { toNodeListener } from './to-node-listener.ts'

// The real provider classes, as a browser would use them, pointed at the proxy served on a local
// port; behind it, fake Anthropic and OpenAI servers that accept only the server's keys.
const ANTHROPIC_KEY = 'sk-ant-server-0123456789abcdef'
const OPENAI_KEY = 'sk-proj-server-0123456789abcdef'
const USER_TOKENS: Record<string, string> = { 'app-session-alice-0001': 'alice', 'app-session-bob-000002': 'bob' }
const ALICE = 'app-session-alice-0001'

type TRig = { proxyURL: string; anthropic: TFakeLlmServer; openai: TFakeLlmServer; logs: TProviderProxyLogEntry[] }
const cleanups: Array<() => Promise<void>> = []

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

async function startRig(options: Partial<TProviderProxyOptions> = {}, turns: { anthropic?: TFakeLlmTurnSource[]; openai?: TFakeLlmTurnSource[] } = {}): Promise<TRig> {
  const anthropic = await startFakeLlmServer({ apiKey: ANTHROPIC_KEY, turns: turns.anthropic ?? [] })
  const openai = await startFakeLlmServer({ apiKey: OPENAI_KEY, turns: turns.openai ?? [] })
  const logs: TProviderProxyLogEntry[] = []
  const handler = createProviderProxy({
    anthropic: { apiKey: ANTHROPIC_KEY, baseURL: anthropic.url },
    openai: { apiKey: OPENAI_KEY, baseURL: openai.openaiBaseURL },
    authorize: (request) => USER_TOKENS[request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? ''],
    allowedModels: ['claude-haiku-4-5', 'gpt-4o-mini'],
    log: (entry) => logs.push(entry),
    ...options
  })
  const server = createServer(toNodeListener(handler))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => closeServer(server), () => anthropic.close(), () => openai.close())
  return { proxyURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/llm`, anthropic, openai, logs }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

function anthropicProvider(rig: TRig, token = ALICE): AnthropicProvider {
  return new AnthropicProvider({ apiKey: token, baseURL: `${rig.proxyURL}/anthropic`, maxRetries: 0 })
}

async function failure(promise: Promise<unknown>): Promise<RobotaError> {
  const error = await promise.then(() => expect.fail('the call should have failed'), (caught: unknown) => caught)
  if (!isRobotaError(error)) throw error
  return error
}

function post(rig: TRig, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${rig.proxyURL}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ALICE}`, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body)
  })
}

describe('createProviderProxy, with the real providers in front and fake APIs behind', () => {
  it('streams an Anthropic answer delta by delta, with the server key upstream and the browser credential stripped', async () => {
    const rig = await startRig({}, { anthropic: [{ text: ['Hel', 'lo ', 'from ', 'Claude'] }] })
    const deltas: string[] = []
    const response = await anthropicProvider(rig).chat([createUserMessage('hi')], { model: 'claude-haiku-4-5', onTextDelta: (delta) => deltas.push(delta) })
    expect(deltas).toEqual(['Hel', 'lo ', 'from ', 'Claude'])
    expect(response.content).toBe('Hello from Claude')
    const upstream = rig.anthropic.requests[0]
    expect(upstream?.path).toBe('/v1/messages')
    expect(upstream?.headers['x-api-key']).toBe(ANTHROPIC_KEY)
    expect(upstream?.headers.authorization).toBeUndefined()
    expect(upstream?.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(JSON.stringify(upstream?.headers)).not.toContain(ALICE)
    expect(rig.logs).toMatchObject([{ level: 'info', status: 200, userId: 'alice', provider: 'anthropic', model: 'claude-haiku-4-5' }])
  })

  // The fake sends message_start, content_block_start, ping and two deltas, then holds the rest.
  it('passes the stream on as it comes, and stops the upstream call when the browser goes away', async () => {
    const upstreamSignals: AbortSignal[] = []
    const observingFetch: typeof fetch = (input, init) => {
      if (init?.signal) upstreamSignals.push(init.signal)
      return fetch(input, init)
    }
    const rig = await startRig({ fetch: observingFetch }, { anthropic: [{ text: ['First ', 'words ', 'never ', 'finished'], fault: { kind: 'stall', afterEvents: 5 } }] })
    const controller = new AbortController()
    const deltas: string[] = []
    const response = await anthropicProvider(rig).chat([createUserMessage('hi')], {
      model: 'claude-haiku-4-5',
      signal: controller.signal,
      onTextDelta: (delta) => {
        deltas.push(delta)
        if (deltas.length === 2) controller.abort()
      }
    })
    expect(deltas).toEqual(['First ', 'words '])
    expect(response).toMatchObject({ content: 'First words ', stopReason: 'aborted' })
    await expect.poll(() => upstreamSignals[0]?.aborted).toBe(true)
  })

  it.each([
    { surface: 'chat-completions' as const, path: '/v1/chat/completions' },
    { surface: 'responses' as const, path: '/v1/responses' }
  ])('streams an OpenAI $surface answer with the server key as the bearer', async ({ surface, path }) => {
    const rig = await startRig({}, { openai: [{ text: ['One ', 'two ', 'three'] }] })
    const provider = new OpenAIProvider({ apiKey: ALICE, baseURL: `${rig.proxyURL}/openai`, apiSurface: surface, maxRetries: 0 })
    const deltas: string[] = []
    const response = await provider.chat([createUserMessage('count')], { model: 'gpt-4o-mini', onTextDelta: (delta) => deltas.push(delta) })
    expect(deltas).toEqual(['One ', 'two ', 'three'])
    expect(response.content).toBe('One two three')
    expect(rig.openai.requests[0]?.path).toBe(path)
    expect(rig.openai.requests[0]?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`)
    expect(JSON.stringify(rig.openai.requests[0]?.headers)).not.toContain(ALICE)
  })

  it('drops a key the browser sent in x-api-key, and its cookies', async () => {
    const rig = await startRig({}, { anthropic: [{ text: 'ok' }] })
    const response = await post(rig, '/anthropic/v1/messages', { model: 'claude-haiku-4-5', stream: true, max_tokens: 10, messages: [] }, {
      'x-api-key': 'sk-ant-browser-leaked-0123456789',
      cookie: 'session=app-cookie-secret'
    })
    expect(response.status).toBe(200)
    await response.text()
    expect(rig.anthropic.requests[0]?.headers['x-api-key']).toBe(ANTHROPIC_KEY)
    expect(rig.anthropic.requests[0]?.headers.cookie).toBeUndefined()
  })

  it.each([
    { case: 'a forged token', token: 'app-session-forged-999' },
    { case: 'no token', token: '' }
  ])('refuses $case with 401 and a JSON error, and the provider maps it to AuthenticationError', async ({ token }) => {
    const rig = await startRig()
    const response = await fetch(`${rig.proxyURL}/anthropic/v1/messages`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: JSON.stringify({ model: 'claude-haiku-4-5' })
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ type: 'error', error: { type: 'unauthorized', message: expect.stringContaining('authorize()') } })
    const error = await failure(anthropicProvider(rig, 'app-session-forged-999').chat([createUserMessage('hi')], { model: 'claude-haiku-4-5' }))
    expect(error.code).toBe('AUTHENTICATION_ERROR')
    expect(rig.anthropic.requests).toHaveLength(0)
  })

  it('refuses with 401 when authorize() throws, and logs why', async () => {
    const rig = await startRig({ authorize: () => Promise.reject(new Error('session store down')) })
    const response = await post(rig, '/openai/chat/completions', { model: 'gpt-4o-mini' })
    expect(response.status).toBe(401)
    expect(rig.logs.at(-1)).toMatchObject({ level: 'warn', status: 401, detail: 'authorize() threw: session store down' })
  })

  it('refuses a model off the allow-list with 403 naming it, before the provider is called', async () => {
    const rig = await startRig()
    const error = await failure(anthropicProvider(rig).chat([createUserMessage('hi')], { model: 'claude-opus-4-1' }))
    expect(error.code).toBe('AUTHENTICATION_ERROR')
    expect(error.message).toContain('claude-opus-4-1')
    const response = await post(rig, '/openai/responses', { model: 'o3-pro', input: 'hi' })
    expect(response.status).toBe(403)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe('The model "o3-pro" is not allowed by this server\'s provider proxy.')
    expect(rig.anthropic.requests).toHaveLength(0)
    expect(rig.openai.requests).toHaveLength(0)
  })

  it.each([
    ['POST', '/anthropic/v1/files'],
    ['POST', '/anthropic/v1/messages/batches'],
    ['GET', '/anthropic/v1/messages'],
    ['POST', '/openai/embeddings'],
    ['POST', '/openai/fine_tuning/jobs'],
    ['POST', '/gemini/v1/models'],
    ['POST', '']
  ])('answers %s <proxy>%s with 404: not an open relay', async (method, path) => {
    const rig = await startRig()
    const response = await fetch(`${rig.proxyURL}${path}`, { method, headers: { authorization: `Bearer ${ALICE}` }, ...(method === 'POST' ? { body: '{"model":"gpt-4o-mini"}' } : {}) })
    expect(response.status).toBe(404)
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe('not_found')
    expect(rig.anthropic.requests.length + rig.openai.requests.length).toBe(0)
  })

  it('forwards the models listing', async () => {
    const rig = await startRig()
    const response = await fetch(`${rig.proxyURL}/openai/models`, { headers: { authorization: `Bearer ${ALICE}` } })
    // The fake's OpenAI listing comes back through the proxy, from upstream.
    expect(response.status).toBe(200)
    expect(((await response.json()) as { object: string; data: Array<{ id: string }> }).data.map((model) => model.id)).toContain('gpt-5-mini')
    expect(rig.openai.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' })
  })

  it('limits each user, answering 429 with retry-after, while another user goes on', async () => {
    const rig = await startRig({ rateLimit: { requests: 1, windowMs: 60_000 } }, { anthropic: [{ text: 'one' }, { text: 'two' }] })
    await anthropicProvider(rig).chat([createUserMessage('hi')], { model: 'claude-haiku-4-5' })
    const response = await post(rig, '/anthropic/v1/messages', { model: 'claude-haiku-4-5' })
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(59)
    const error = await failure(anthropicProvider(rig).chat([createUserMessage('hi')], { model: 'claude-haiku-4-5' }))
    expect(error.code).toBe('RATE_LIMIT_ERROR')
    const bob = await anthropicProvider(rig, 'app-session-bob-000002').chat([createUserMessage('hi')], { model: 'claude-haiku-4-5' })
    expect(bob.content).toBe('two')
  })

  it("passes the provider's 429 and 500 through with their bodies and retry-after", async () => {
    const rig = await startRig({}, {
      openai: [
        { fault: { kind: 'http-error', status: 429, message: 'Slow down.', retryAfterSeconds: 7 } },
        { fault: { kind: 'http-error', status: 500, message: 'Upstream broke.', retryAfterSeconds: 2 } }
      ]
    })
    const limited = await post(rig, '/openai/chat/completions', { model: 'gpt-4o-mini', stream: true, messages: [] })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('7')
    expect(await limited.text()).toContain('Slow down.')
    const provider = new OpenAIProvider({ apiKey: ALICE, baseURL: `${rig.proxyURL}/openai`, apiSurface: 'chat-completions', maxRetries: 0 })
    const error = await failure(provider.chat([createUserMessage('hi')], { model: 'gpt-4o-mini' }))
    expect(error.code).toBe('PROVIDER_ERROR')
    expect(error.message).toContain('Upstream broke.')
    expect(rig.logs.map((entry) => [entry.level, entry.status])).toEqual([['warn', 429], ['error', 500]])
    expect(rig.logs[1]?.detail).toContain('Upstream broke.')
  })

  it('refuses a body over maxBodyBytes with 413, and bad JSON or a missing model with 400 saying what is wrong', async () => {
    const rig = await startRig({ maxBodyBytes: 1024 })
    const large = await post(rig, '/anthropic/v1/messages', { model: 'claude-haiku-4-5', messages: [{ role: 'user', content: 'x'.repeat(2048) }] })
    expect(large.status).toBe(413)
    expect(((await large.json()) as { error: { message: string } }).error.message).toContain('1024 bytes')
    const notJson = await post(rig, '/anthropic/v1/messages', '{"model": ')
    expect(notJson.status).toBe(400)
    expect(((await notJson.json()) as { error: { message: string } }).error.message).toMatch(/^The request body must be a JSON object, but /)
    const noModel = await post(rig, '/openai/responses', { input: 'hi' })
    expect(noModel.status).toBe(400)
    expect(((await noModel.json()) as { error: { message: string } }).error.message).toContain('no "model"')
  })

  it('answers 502 when the provider cannot be reached', async () => {
    const rig = await startRig({ anthropic: { apiKey: ANTHROPIC_KEY, baseURL: 'http://127.0.0.1:1' } })
    const response = await post(rig, '/anthropic/v1/messages', { model: 'claude-haiku-4-5' })
    expect(response.status).toBe(502)
    expect(rig.logs.at(-1)).toMatchObject({ level: 'error', status: 502, detail: expect.stringContaining('fetch failed') })
  })

  it('keeps every key and credential out of its log and out of error bodies a provider echoes them in', async () => {
    const echo = `Invalid request from key ${ANTHROPIC_KEY} for ${ALICE}.`
    const rig = await startRig({ rateLimit: { requests: 3, windowMs: 60_000 } }, { anthropic: [{ text: 'fine' }, { fault: { kind: 'http-error', status: 500, message: echo } }] })
    await anthropicProvider(rig).chat([createUserMessage('hi')], { model: 'claude-haiku-4-5' })
    const error = await failure(anthropicProvider(rig).chat([createUserMessage('hi')], { model: 'claude-haiku-4-5' }))
    expect(error.message).toContain('Invalid request from key')
    expect(error.message).not.toContain(ANTHROPIC_KEY)
    await post(rig, '/anthropic/v1/messages', { model: 'claude-opus-4-1' }, { 'x-api-key': 'sk-ant-browser-leaked-0123456789' })
    await post(rig, '/anthropic/v1/messages', { model: 'claude-haiku-4-5' }, { authorization: 'Bearer app-session-forged-999' })
    const log = JSON.stringify(rig.logs)
    expect(rig.logs).toHaveLength(4)
    expect(log).toContain('[REDACTED]')
    for (const secret of [ANTHROPIC_KEY, OPENAI_KEY, ALICE, 'sk-ant-browser-leaked', 'app-session-forged-999']) expect(log).not.toContain(secret)
  })
})
