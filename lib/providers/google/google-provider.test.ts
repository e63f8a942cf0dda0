import { inspect } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { AuthenticationError, ConfigurationError, ModelNotAvailableError, NetworkError, ProviderError, RateLimitError, type RobotaError } from '../../core/errors.ts'
import { createSystemMessage, createToolMessage, createUserMessage } from '../../core/messages.ts'
import type { IChatOptions, IProviderNativeRawPayloadEvent, IToolSchema } from '../../core/provider.ts'
import { startFakeLlmServer, type TFakeLlmServer, type TFakeLlmServerOptions } from '../../testing/fake-llm-server.ts'
import { GoogleProvider, type TGoogleProviderOptions } from './google-provider.ts'
import { GOOGLE_THOUGHT_PARTS_METADATA_KEY } from './to-google-contents.ts'

const API_KEY = 'gemini-test-key-0123456789-secret'
const MODEL = 'gemini-2.5-flash'
const WEATHER: IToolSchema = {
  name: 'weather',
  description: 'Looks up the weather',
  // zod's JSON Schema carries the `$schema` keyword, which Gemini's subset lacks.
  parameters: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } as IToolSchema['parameters']
}

let server: TFakeLlmServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function setup(serverOptions: TFakeLlmServerOptions, providerOptions: Partial<TGoogleProviderOptions> = {}) {
  server = await startFakeLlmServer(serverOptions)
  const provider = new GoogleProvider({ apiKey: API_KEY, baseURL: server.url, maxRetries: 0, ...providerOptions })
  return { server, provider }
}

type TRequestBody = {
  contents: Array<{ role: string; parts: Array<Record<string, unknown>> }>
  systemInstruction?: unknown
  tools?: unknown[]
  toolConfig?: unknown
  generationConfig?: Record<string, unknown>
}

function lastBody(fake: TFakeLlmServer): TRequestBody {
  return fake.requests.at(-1)?.body as TRequestBody
}

async function chatError(provider: GoogleProvider, options: Partial<IChatOptions> = {}): Promise<RobotaError> {
  return provider.chat([createUserMessage('hi')], { model: MODEL, ...options }).then(
    () => expect.fail('chat() should have failed'),
    (error: RobotaError) => error
  )
}

describe('GoogleProvider over the fake server', () => {
  it('streams text through onTextDelta from streamGenerateContent and normalizes usage', async () => {
    const { provider, server } = await setup({
      turns: [{ text: ['Hel', 'lo ', 'there'], usage: { inputTokens: 40, outputTokens: 7, cacheReadTokens: 10, reasoningTokens: 3 } }]
    })
    const deltas: string[] = []
    const response = await provider.chat([createUserMessage('hi')], { model: MODEL, onTextDelta: (delta) => deltas.push(delta), maxTokens: 100, temperature: 0.2 })
    expect(deltas).toEqual(['Hel', 'lo ', 'there'])
    expect(response).toMatchObject({ role: 'assistant', content: 'Hello there', stopReason: 'end_turn', state: 'complete' })
    expect(response.toolCalls).toBeUndefined()
    expect(response.metadata).toEqual({ inputTokens: 40, outputTokens: 7, cacheReadTokens: 10, reasoningTokens: 3 })
    const request = server.requests[0]
    expect(request).toMatchObject({ method: 'POST', path: `/v1beta/models/${MODEL}:streamGenerateContent`, wireFormat: 'gemini-generate-content' })
    expect(request?.headers['x-goog-api-key']).toBe(API_KEY)
    expect(lastBody(server)).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      generationConfig: { maxOutputTokens: 100, temperature: 0.2 }
    })
  })

  it('sends system messages as systemInstruction and tools as function declarations in JSON Schema', async () => {
    const { provider, server } = await setup({ turns: [{ text: 'ok' }] })
    await provider.chat([createSystemMessage('Be brief.'), createSystemMessage('Be kind.'), createUserMessage('hi')], {
      model: MODEL,
      tools: [WEATHER],
      toolChoice: { name: 'weather' }
    })
    const body = lastBody(server)
    expect(body.systemInstruction).toEqual({ parts: [{ text: 'Be brief.\n\nBe kind.' }], role: 'user' })
    expect(body.contents.map((content) => content.role)).toEqual(['user'])
    expect(body.tools).toEqual([
      { functionDeclarations: [{ name: 'weather', description: 'Looks up the weather', parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }] }
    ])
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['weather'] } })
  })

  it('returns parallel function calls with their ids, and sends their results back in one user turn', async () => {
    const { provider, server } = await setup({
      turns: [
        { text: 'Checking both.', toolCalls: [{ name: 'weather', arguments: { city: 'Oslo' } }, { name: 'weather', arguments: { city: 'Rome' } }] },
        { text: 'Cold and warm.' }
      ]
    })
    const first = await provider.chat([createUserMessage('Oslo and Rome?')], { model: MODEL, tools: [WEATHER] })
    expect(first.stopReason).toBe('tool_use')
    expect(first.toolCalls).toEqual([
      { id: 'gemini_call_fake_0_0', name: 'weather', arguments: { city: 'Oslo' } },
      { id: 'gemini_call_fake_0_1', name: 'weather', arguments: { city: 'Rome' } }
    ])
    const results = [createToolMessage('{"temp": -3}', { toolCallId: 'gemini_call_fake_0_0', toolName: 'weather' }), createToolMessage('sunny', { toolCallId: 'gemini_call_fake_0_1', toolName: 'weather' })]
    const second = await provider.chat([createUserMessage('Oslo and Rome?'), first, ...results], { model: MODEL, tools: [WEATHER] })
    expect(second.content).toBe('Cold and warm.')
    expect(lastBody(server).contents).toEqual([
      { role: 'user', parts: [{ text: 'Oslo and Rome?' }] },
      {
        role: 'model',
        parts: [
          { text: 'Checking both.' },
          { functionCall: { id: 'gemini_call_fake_0_0', name: 'weather', args: { city: 'Oslo' } } },
          { functionCall: { id: 'gemini_call_fake_0_1', name: 'weather', args: { city: 'Rome' } } }
        ]
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'gemini_call_fake_0_0', name: 'weather', response: { temp: -3 } } },
          { functionResponse: { id: 'gemini_call_fake_0_1', name: 'weather', response: { output: 'sunny' } } }
        ]
      }
    ])
  })

  it('keeps thought parts and the thought signature, and sends them back in place', async () => {
    const { provider, server } = await setup(
      { turns: [{ reasoning: 'Oslo is in Norway.', toolCalls: [{ name: 'weather', arguments: { city: 'Oslo' } }] }, { text: 'ok' }] },
      { thinking: { includeThoughts: true, thinkingBudget: 1024 } }
    )
    const deltas: string[] = []
    const first = await provider.chat([createUserMessage('Weather?')], { model: MODEL, tools: [WEATHER], onTextDelta: (delta) => deltas.push(delta) })
    expect(deltas).toEqual([])
    expect(lastBody(server).generationConfig).toMatchObject({ thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } })
    expect(first.metadata?.[GOOGLE_THOUGHT_PARTS_METADATA_KEY]).toHaveLength(2)
    const result = createToolMessage('{"temp": 1}', { toolCallId: 'gemini_call_fake_0_0', toolName: 'weather' })
    await provider.chat([createUserMessage('Weather?'), first, result], { model: MODEL, tools: [WEATHER] })
    expect(lastBody(server).contents[1]).toEqual({
      role: 'model',
      parts: [
        { text: 'Oslo is in Norway.', thought: true },
        { functionCall: { id: 'gemini_call_fake_0_0', name: 'weather', args: { city: 'Oslo' } }, thoughtSignature: 'sig_fake_0' }
      ]
    })
  })

  it('reports the request, every stream chunk and the merged response as native payloads', async () => {
    const { provider, server } = await setup({ turns: [{ text: ['a', 'b'], toolCalls: [{ name: 'weather', arguments: { city: 'Oslo' } }] }] })
    const payloads: IProviderNativeRawPayloadEvent[] = []
    await provider.chat([createUserMessage('hi')], { model: MODEL, tools: [WEATHER], onProviderNativeRawPayload: (event) => payloads.push(event) })
    expect(payloads.every((event) => event.provider === 'google' && event.apiSurface === 'gemini-generate-content')).toBe(true)
    expect(payloads.map((event) => event.sequence)).toEqual(payloads.map((_, index) => index))
    expect(payloads[0]?.payloadKind).toBe('request')
    expect(payloads[0]?.payload).toMatchObject({ model: MODEL, contents: lastBody(server).contents })
    expect(JSON.stringify(payloads[0]?.payload)).not.toContain('abortSignal')
    const streamed = payloads.filter((event) => event.payloadKind === 'stream_event')
    expect(streamed).toHaveLength(3)
    expect(streamed.every((event) => !('sdkHttpResponse' in (event.payload as object)))).toBe(true)
    expect(payloads.at(-1)).toMatchObject({
      payloadKind: 'response',
      payload: {
        candidates: [
          {
            finishReason: 'STOP',
            content: { role: 'model', parts: [{ text: 'ab' }, { functionCall: { id: 'gemini_call_fake_0_0', name: 'weather', args: { city: 'Oslo' } } }] }
          }
        ]
      }
    })
    expect(() => structuredClone(payloads)).not.toThrow()
  })

  it('reports a truncated reply as max_tokens', async () => {
    const { provider } = await setup({ turns: [{ text: 'cut', truncated: true }] })
    expect((await provider.chat([createUserMessage('hi')], { model: MODEL })).stopReason).toBe('max_tokens')
  })
})

describe('GoogleProvider abort', () => {
  it('returns the partial text with stopReason aborted when aborted mid-text', async () => {
    const { provider } = await setup({ turns: [{ text: ['one ', 'two ', 'three'] }], eventDelayMs: 20 })
    const controller = new AbortController()
    const response = await provider.chat([createUserMessage('count')], { model: MODEL, signal: controller.signal, onTextDelta: () => controller.abort() })
    expect(response).toMatchObject({ content: 'one ', stopReason: 'aborted' })
  })

  it('returns an empty aborted reply when aborted before the request', async () => {
    const { provider } = await setup({ turns: [{ text: 'never' }] })
    const controller = new AbortController()
    controller.abort()
    const response = await provider.chat([createUserMessage('hi')], { model: MODEL, signal: controller.signal })
    expect(response).toMatchObject({ content: '', stopReason: 'aborted' })
  })

  it('stops a stalled stream at once, keeping the text that arrived', async () => {
    const { provider } = await setup({ turns: [{ text: ['Let me ', 'check.'], toolCalls: [{ name: 'weather', arguments: { city: 'Paris' } }], fault: { kind: 'stall', afterEvents: 2 } }] })
    const controller = new AbortController()
    const response = await provider.chat([createUserMessage('hi')], {
      model: MODEL,
      tools: [WEATHER],
      signal: controller.signal,
      onTextDelta: (delta) => {
        if (delta === 'check.') setTimeout(() => controller.abort(), 20)
      }
    })
    expect(response).toMatchObject({ content: 'Let me check.', stopReason: 'aborted' })
  })
})

describe('GoogleProvider errors', () => {
  it.each([
    { status: 401, errorClass: AuthenticationError, code: 'AUTHENTICATION_ERROR', says: 'API key' },
    { status: 403, errorClass: AuthenticationError, code: 'AUTHENTICATION_ERROR', says: 'refused this API key' },
    { status: 429, errorClass: RateLimitError, code: 'RATE_LIMIT_ERROR', says: 'Try again in 7 seconds' },
    { status: 500, errorClass: ProviderError, code: 'PROVIDER_ERROR', says: 'server error' },
    { status: 503, errorClass: ProviderError, code: 'PROVIDER_ERROR', says: 'server error' },
    { status: 404, errorClass: ModelNotAvailableError, code: 'MODEL_NOT_AVAILABLE', says: 'model name' }
  ])('maps HTTP $status to $code', async ({ status, errorClass, code, says }) => {
    const { provider } = await setup({ turns: [{ fault: { kind: 'http-error', status, retryAfterSeconds: 7 } }] })
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(errorClass)
    expect(error.code).toBe(code)
    expect(error.message).toContain(says)
    expect(error.details).toMatchObject({ provider: 'google', status })
    if (status === 429) expect(error.details?.retryAfterSeconds).toBe(7)
  })

  it('keeps a key the server echoed out of the error and its cause, as a logged error prints them', async () => {
    const { provider } = await setup({ turns: [{ fault: { kind: 'http-error', status: 401, message: `API key not valid: ${API_KEY}` } }] })
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(AuthenticationError)
    expect(error.cause).toBeDefined()
    expect(inspect(error, { depth: 10 })).not.toContain(API_KEY)
    expect(inspect(error, { depth: 10 })).toContain('[REDACTED]')
  })

  it("maps Gemini's 400 API_KEY_INVALID for a wrong key to AuthenticationError without echoing the key", async () => {
    const { provider } = await setup({ apiKey: 'the-right-key', turns: [{ text: 'never' }] })
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(AuthenticationError)
    expect(error.details).toMatchObject({ status: 400, errorReason: 'API_KEY_INVALID' })
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(API_KEY)
  })

  it('retries a 503 when maxRetries allows, then answers', async () => {
    const { provider, server } = await setup({ turns: [{ fault: { kind: 'http-error', status: 503 } }, { text: 'ok' }] }, { maxRetries: 1 })
    const response = await provider.chat([createUserMessage('hi')], { model: MODEL })
    expect(response.content).toBe('ok')
    expect(server.requests).toHaveLength(2)
  })

  it('maps an unreachable server to NetworkError', async () => {
    const { provider, server } = await setup({})
    await server.close()
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(NetworkError)
    // Named by host, port and path, as every provider's failures name a server.
    expect(error.message).toContain(`Could not reach Gemini at ${server.url.replace(/^http:\/\//, '').replace(/\/+$/, '')}. `)
  })

  it('maps a stream cut mid-chunk to NetworkError', async () => {
    const { provider } = await setup({ turns: [{ text: ['a', 'b', 'c'], fault: { kind: 'cut-stream', afterEvents: 1 } }] })
    expect(await chatError(provider)).toBeInstanceOf(NetworkError)
  })

  it('maps a chunk that is not JSON to ProviderError', async () => {
    const { provider } = await setup({ turns: [{ text: ['a', 'b'], fault: { kind: 'malformed-event', afterEvents: 1 } }] })
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error.message).toContain('not valid JSON')
  })

  it('maps an error chunk inside the stream by its code', async () => {
    const { provider } = await setup({ turns: [{ text: ['a', 'b'], fault: { kind: 'error-event', afterEvents: 1, status: 429, message: 'Quota exceeded' } }] })
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(RateLimitError)
    expect(error.details).toMatchObject({ errorStatus: 'RESOURCE_EXHAUSTED', apiMessage: 'Quota exceeded' })
  })
})

// Callers without types misspell an option: `baseUrl` (the SDK's own spelling) would otherwise send the key to Google.
describe('GoogleProvider options', () => {
  it.each([
    ['a misspelt baseURL', { apiKey: API_KEY, baseUrl: 'http://proxy.test' }, 'unknown option "baseUrl" (the base URL is `baseURL`)'],
    ['a misspelt apiKey, before asking for one', { apikey: API_KEY }, 'unknown option "apikey" (the key is `apiKey`)'],
    ['the SDK\'s name for thinking', { apiKey: API_KEY, thinkingConfig: { thinkingBudget: 1024 } }, 'unknown option "thinkingConfig" (the thinking settings are `thinking`)'],
    ['options of the SDK\'s client, hinted once', { apiKey: API_KEY, vertexai: true, project: 'p' }, 'unknown option "vertexai", "project" (an option of the SDK\'s client: build the client with it and pass it as `client`); it takes apiKey, baseURL, maxRetries, timeout, client, loadSdk, thinking.'],
    ['any other key', { apiKey: API_KEY, thinkingBudget: 1024 }, 'unknown option "thinkingBudget"; it takes apiKey, baseURL, maxRetries, timeout, client, loadSdk, thinking.'],
    ['a key that is no string', { apiKey: 12345 }, 'apiKey must be a string; got number.'],
    ['retries without end', { apiKey: API_KEY, maxRetries: -1 }, 'maxRetries must be a whole number of 0 or more; got -1.'],
    ['retries as text', { apiKey: API_KEY, maxRetries: '5' }, 'maxRetries must be a whole number of 0 or more; got "5".']
  ])('refuses %s with a ConfigurationError naming it', (_, options, message) => {
    const create = () => new GoogleProvider(options as TGoogleProviderOptions)
    expect(create).toThrow(ConfigurationError)
    expect(create).toThrow(`new GoogleProvider(options): ${message}`)
  })

  it('takes every option it documents', () => {
    const options: Required<TGoogleProviderOptions> = {
      apiKey: API_KEY,
      baseURL: 'http://proxy.test',
      maxRetries: 0,
      timeout: 30_000,
      client: undefined as never,
      loadSdk: () => Promise.reject(new Error('not loaded')),
      thinking: { includeThoughts: true, thinkingBudget: 1024 }
    }
    expect(new GoogleProvider(options).name).toBe('google')
  })
})
