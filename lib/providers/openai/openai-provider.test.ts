import { inspect } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { AuthenticationError, ConfigurationError, ModelNotAvailableError, NetworkError, ProviderError, RateLimitError, type RobotaError } from '../../core/errors.ts'
import { createUserMessage } from '../../core/messages.ts'
import type { IChatOptions, IProviderNativeRawPayloadEvent, IToolSchema } from '../../core/provider.ts'
import { startFakeLlmServer, type TFakeLlmServer, type TFakeLlmServerOptions } from '../../testing/fake-llm-server.ts'
import { splitInTwo } from '../../testing/fake-llm/fake-llm-script.ts'
import { OpenAIProvider, type TOpenAIApiSurface, type TOpenAIProviderOptions } from './openai-provider.ts'

const API_KEY = 'sk-proj-test-0123456789-secret'
const MODEL = 'gpt-5-mini'
const WEATHER: IToolSchema = {
  name: 'weather',
  description: 'Looks up the weather',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }
}

let server: TFakeLlmServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function setup(
  apiSurface: TOpenAIApiSurface,
  serverOptions: TFakeLlmServerOptions,
  providerOptions: Partial<TOpenAIProviderOptions> = {}
) {
  server = await startFakeLlmServer(serverOptions)
  const provider = new OpenAIProvider({ apiKey: API_KEY, baseURL: server.openaiBaseURL, apiSurface, maxRetries: 0, ...providerOptions })
  return { server, provider }
}

async function chatError(provider: OpenAIProvider, options: Partial<IChatOptions> = {}): Promise<RobotaError> {
  return provider.chat([createUserMessage('hi')], { model: MODEL, ...options }).then(
    () => expect.fail('chat() should have failed'),
    (error: RobotaError) => error
  )
}

/** Per surface: the path it posts to and how many events come before the first argument piece is sent. */
const SURFACES = [
  // created, in_progress, message added, part added, text delta, text done, part done, message done, call added, first args delta
  { apiSurface: 'responses' as const, path: '/v1/responses', eventsThroughFirstArgumentPiece: 10 },
  // role chunk, text chunk, call chunk with id and name, first args piece
  { apiSurface: 'chat-completions' as const, path: '/v1/chat/completions', eventsThroughFirstArgumentPiece: 4 }
]

describe.each(SURFACES)('OpenAIProvider ($apiSurface) over the fake server', ({ apiSurface, path, eventsThroughFirstArgumentPiece }) => {
  it('streams text through onTextDelta and normalizes usage', async () => {
    const { provider, server } = await setup(apiSurface, {
      turns: [{ text: ['Hel', 'lo ', 'there'], usage: { inputTokens: 40, outputTokens: 7, cacheReadTokens: 10, cacheWriteTokens: 5, reasoningTokens: 3 } }]
    })
    const deltas: string[] = []
    const response = await provider.chat([createUserMessage('hi')], { model: MODEL, onTextDelta: (delta) => deltas.push(delta) })
    expect(deltas).toEqual(['Hel', 'lo ', 'there'])
    expect(response).toMatchObject({ role: 'assistant', content: 'Hello there', stopReason: 'end_turn' })
    expect(response.metadata).toEqual({ inputTokens: 40, outputTokens: 7, cacheReadTokens: 10, cacheWriteTokens: 5, reasoningTokens: 3 })
    expect(server.requests[0]).toMatchObject({ path, headers: { authorization: `Bearer ${API_KEY}` } })
  })

  it('returns several tool calls with the provider ids verbatim', async () => {
    const { provider } = await setup(apiSurface, {
      turns: [
        {
          toolCalls: [
            { id: 'call_Ab12', name: 'weather', arguments: { city: 'Paris' } },
            { id: 'call_Cd34', name: 'weather', arguments: { city: 'Rome' } }
          ]
        }
      ]
    })
    const response = await provider.chat([createUserMessage('Paris and Rome?')], { model: MODEL, tools: [WEATHER] })
    expect(response.stopReason).toBe('tool_use')
    expect(response.toolCalls).toEqual([
      { id: 'call_Ab12', name: 'weather', arguments: { city: 'Paris' } },
      { id: 'call_Cd34', name: 'weather', arguments: { city: 'Rome' } }
    ])
  })

  it('reports the request, every stream event and the final response as native payloads', async () => {
    const { provider, server } = await setup(apiSurface, { turns: [{ text: ['a', 'b'] }] })
    const payloads: IProviderNativeRawPayloadEvent[] = []
    await provider.chat([createUserMessage('hi')], { model: MODEL, onProviderNativeRawPayload: (event) => payloads.push(event) })
    expect(payloads.every((event) => event.provider === 'openai' && event.apiSurface === apiSurface)).toBe(true)
    expect(payloads.map((event) => event.sequence)).toEqual(payloads.map((_, index) => index))
    expect(payloads[0]).toMatchObject({ payloadKind: 'request', payload: server.requests[0]?.body })
    expect(payloads.filter((event) => event.payloadKind === 'stream_event').length).toBeGreaterThan(3)
    expect(payloads.at(-1)?.payloadKind).toBe('response')
    expect(JSON.stringify(payloads.at(-1)?.payload)).toContain('ab')
  })

  it('passes malformed tool-call JSON on as arguments the tool can reject, without throwing', async () => {
    const { provider } = await setup(apiSurface, { turns: [{ toolCalls: [{ id: 'call_bad', name: 'weather', arguments: '{"city": ' }] }] })
    const response = await provider.chat([createUserMessage('hi')], { model: MODEL, tools: [WEATHER] })
    expect(response.toolCalls).toEqual([{ id: 'call_bad', name: 'weather', arguments: { invalidJsonArguments: '{"city": ' } }])
  })

  it('returns the partial text with stopReason aborted when aborted mid-text', async () => {
    const { provider } = await setup(apiSurface, { turns: [{ text: ['one ', 'two ', 'three'] }], eventDelayMs: 20 })
    const controller = new AbortController()
    const response = await provider.chat([createUserMessage('count')], {
      model: MODEL,
      signal: controller.signal,
      onTextDelta: () => controller.abort()
    })
    expect(response).toMatchObject({ content: 'one ', stopReason: 'aborted' })
  })

  it('returns an empty aborted reply when aborted before the request', async () => {
    const { provider } = await setup(apiSurface, { turns: [{ text: 'never' }] })
    const response = await provider.chat([createUserMessage('hi')], { model: MODEL, signal: AbortSignal.abort() })
    expect(response).toMatchObject({ content: '', stopReason: 'aborted' })
  })

  it('keeps a tool call whose arguments were still streaming, as far as they streamed, even from a stalled stream', async () => {
    const { provider } = await setup(apiSurface, {
      turns: [
        {
          text: 'Let me check.',
          toolCalls: [{ name: 'weather', arguments: { city: 'Paris' } }],
          fault: { kind: 'stall', afterEvents: eventsThroughFirstArgumentPiece }
        }
      ]
    })
    const controller = new AbortController()
    let seen = 0
    const response = await provider.chat([createUserMessage('hi')], {
      model: MODEL,
      tools: [WEATHER],
      signal: controller.signal,
      onProviderNativeRawPayload: (event) => {
        if (event.payloadKind === 'stream_event' && ++seen === eventsThroughFirstArgumentPiece) setTimeout(() => controller.abort(), 20)
      }
    })
    expect(response).toMatchObject({ content: 'Let me check.', stopReason: 'aborted' })
    const [firstHalf] = splitInTwo(JSON.stringify({ city: 'Paris' }))
    expect(response.toolCalls).toEqual([{ id: expect.stringMatching(/^call_/), name: 'weather', arguments: { invalidJsonArguments: firstHalf } }])
  })

  it.each([
    { status: 401, errorClass: AuthenticationError, says: 'API key' },
    { status: 403, errorClass: AuthenticationError, says: 'permissions' },
    { status: 429, errorClass: RateLimitError, says: 'Try again in 3 seconds' },
    { status: 500, errorClass: ProviderError, says: 'server error' },
    { status: 503, errorClass: ProviderError, says: 'server error' },
    { status: 404, errorClass: ModelNotAvailableError, says: 'model name' }
  ])('maps HTTP $status to $errorClass.name', async ({ status, errorClass, says }) => {
    const { provider } = await setup(apiSurface, { turns: [{ fault: { kind: 'http-error', status, retryAfterSeconds: 3 } }] })
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(errorClass)
    expect(error.message).toContain(says)
    expect(error.details).toMatchObject({ provider: 'openai', status })
    if (status === 429) expect(error.details?.retryAfterSeconds).toBe(3)
  })

  it('keeps a key the server echoed out of the error and its cause, as a logged error prints them', async () => {
    const { provider } = await setup(apiSurface, { turns: [{ fault: { kind: 'http-error', status: 401, message: `Incorrect API key provided: ${API_KEY}.` } }] })
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(AuthenticationError)
    expect(error.cause).toBeDefined()
    expect(inspect(error, { depth: 10 })).not.toContain(API_KEY)
    expect(inspect(error, { depth: 10 })).toContain('[REDACTED]')
  })

  it('maps a wrong key to AuthenticationError without echoing the key', async () => {
    const { provider } = await setup(apiSurface, { apiKey: 'the-right-key', turns: [{ text: 'never' }] })
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(AuthenticationError)
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(API_KEY)
  })

  it('maps an unreachable server to NetworkError', async () => {
    const { provider, server } = await setup(apiSurface, {})
    await server.close()
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.message).toContain('Could not reach')
  })

  it('maps a stream cut mid-event to NetworkError', async () => {
    const { provider } = await setup(apiSurface, { turns: [{ text: ['a', 'b', 'c'], fault: { kind: 'cut-stream', afterEvents: 3 } }] })
    expect(await chatError(provider)).toBeInstanceOf(NetworkError)
  })

  it('maps an event that is not JSON to ProviderError', async () => {
    const { provider } = await setup(apiSurface, { turns: [{ text: ['a', 'b'], fault: { kind: 'malformed-event', afterEvents: 2 } }] })
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error.message).toContain('not valid JSON')
  })

  it('maps an error reported inside the stream by its code', async () => {
    const { provider } = await setup(apiSurface, {
      turns: [{ text: ['a', 'b'], fault: { kind: 'error-event', afterEvents: 2, status: 429, message: 'Slow down' } }]
    })
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(RateLimitError)
    expect(error.message).toContain('Slow down')
    // The fake server is an OpenAI-compatible one: named by host, port and path, as its other failures are.
    expect(error.message).toMatch(/^The server at 127\.0\.0\.1:\d+\/v1 /)
    expect(error.details).toMatchObject({ status: 429 })
  })
})

// Callers without types misspell an option: `baseUrl` would otherwise send the key to api.openai.com.
describe('OpenAIProvider options', () => {
  it.each([
    ['a misspelt baseURL', { apiKey: API_KEY, baseUrl: 'http://localhost:11434/v1' }, 'unknown option "baseUrl" (the base URL is `baseURL`)'],
    ['a misspelt apiKey, before asking for one', { api_key: API_KEY }, 'unknown option "api_key" (the key is `apiKey`)'],
    ['the reasoning effort on its own', { apiKey: API_KEY, reasoningEffort: 'low' }, 'unknown option "reasoningEffort" (the effort is `reasoning: { effort }`)'],
    ['an option of the SDK\'s client', { apiKey: API_KEY, organization: 'org-1' }, 'unknown option "organization" (an option of the SDK\'s client: build the client with it and pass it as `client`); it takes apiKey, baseURL, apiSurface,'],
    ['any other key', { apiKey: API_KEY, surface: 'responses' }, 'unknown option "surface"; it takes apiKey, baseURL, apiSurface,'],
    ['a key that is no string', { apiKey: 12345 }, 'apiKey must be a string; got number.'],
    ['retries without end', { apiKey: API_KEY, maxRetries: -1 }, 'maxRetries must be a whole number of 0 or more; got -1.'],
    ['retries as text', { apiKey: API_KEY, maxRetries: '5' }, 'maxRetries must be a whole number of 0 or more; got "5".']
  ])('refuses %s with a ConfigurationError naming it', (_, options, message) => {
    const create = () => new OpenAIProvider(options as TOpenAIProviderOptions)
    expect(create).toThrow(ConfigurationError)
    expect(create).toThrow(`new OpenAIProvider(options): ${message}`)
  })

  it('takes every option it documents', () => {
    const options: Required<TOpenAIProviderOptions> = {
      apiKey: API_KEY,
      baseURL: 'https://api.openai.com/v1',
      apiSurface: 'responses',
      maxRetries: 0,
      timeout: 30_000,
      client: undefined as never,
      loadSdk: () => Promise.reject(new Error('not loaded')),
      reasoning: { effort: 'low' },
      enableWebTools: true,
      onServerToolUse: () => {}
    }
    expect(new OpenAIProvider(options).apiSurface).toBe('responses')
  })
})
