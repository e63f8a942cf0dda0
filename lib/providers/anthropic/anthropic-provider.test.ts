import { inspect } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { AuthenticationError, ConfigurationError, ModelNotAvailableError, NetworkError, ProviderError, RateLimitError, type RobotaError } from '../../core/errors.ts'
import {
  createAssistantMessage,
  createSystemMessage,
  createToolMessage,
  createUserMessage,
  type TUniversalMessage
} from '../../core/messages.ts'
import type { IChatOptions, IProviderNativeRawPayloadEvent, IToolSchema } from '../../core/provider.ts'
import { startFakeLlmServer, type TFakeLlmServer, type TFakeLlmServerOptions } from '../../testing/fake-llm-server.ts'
import { splitInTwo } from '../../testing/fake-llm/fake-llm-script.ts'
import { AnthropicProvider, type TAnthropicProviderOptions } from './anthropic-provider.ts'

const API_KEY = 'sk-ant-test-0123456789-secret'
const MODEL = 'claude-sonnet-4-6'
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

async function setup(serverOptions: TFakeLlmServerOptions, providerOptions: Partial<TAnthropicProviderOptions> = {}) {
  server = await startFakeLlmServer(serverOptions)
  const provider = new AnthropicProvider({ apiKey: API_KEY, baseURL: server.url, maxRetries: 0, ...providerOptions })
  return { server, provider }
}

type TRequestBody = { system?: unknown; messages: Array<{ role: string; content: unknown }>; tools?: unknown[]; max_tokens: number }

function lastBody(fake: TFakeLlmServer): TRequestBody {
  return fake.requests.at(-1)?.body as TRequestBody
}

async function chatError(provider: AnthropicProvider, options: Partial<IChatOptions> = {}): Promise<RobotaError> {
  return provider.chat([createUserMessage('hi')], { model: MODEL, ...options }).then(
    () => expect.fail('chat() should have failed'),
    (error: RobotaError) => error
  )
}

describe('AnthropicProvider over the fake server', () => {
  it('streams text through onTextDelta and normalizes usage', async () => {
    const { provider, server } = await setup({
      turns: [{ text: ['Hel', 'lo ', 'there'], usage: { inputTokens: 40, outputTokens: 7, cacheReadTokens: 10, cacheWriteTokens: 5, reasoningTokens: 3 } }]
    })
    const deltas: string[] = []
    const response = await provider.chat([createUserMessage('hi')], { model: MODEL, onTextDelta: (delta) => deltas.push(delta) })
    expect(deltas).toEqual(['Hel', 'lo ', 'there'])
    expect(response).toMatchObject({ role: 'assistant', content: 'Hello there', stopReason: 'end_turn', state: 'complete' })
    expect(response.toolCalls).toBeUndefined()
    expect(response.metadata).toEqual({ inputTokens: 40, outputTokens: 7, cacheReadTokens: 10, cacheWriteTokens: 5, reasoningTokens: 3 })
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`)
    expect(lastBody(server)).toMatchObject({ model: MODEL, stream: true, max_tokens: 64_000 })
  })

  it('sends every system message as the system field, never as a message', async () => {
    const { provider, server } = await setup({ turns: [{ text: 'ok' }] })
    await provider.chat([createSystemMessage('Be brief.'), createUserMessage('hi'), createSystemMessage('Use metric units.')], {
      model: MODEL,
      maxTokens: 100
    })
    const body = lastBody(server)
    expect(body.system).toBe('Be brief.\n\nUse metric units.')
    expect(body.messages).toEqual([{ role: 'user', content: 'hi' }])
    expect(body.max_tokens).toBe(100)
  })

  it('returns tool calls with the provider ids verbatim and parsed streamed arguments', async () => {
    const { provider, server } = await setup({
      turns: [{ text: 'Checking.', toolCalls: [{ id: 'toolu_01A09q90qw90lq917835lq9', name: 'weather', arguments: { city: 'Paris' } }] }]
    })
    const response = await provider.chat([createUserMessage('Weather in Paris?')], { model: MODEL, tools: [WEATHER] })
    expect(response.stopReason).toBe('tool_use')
    expect(response.toolCalls).toEqual([{ id: 'toolu_01A09q90qw90lq917835lq9', name: 'weather', arguments: { city: 'Paris' } }])
    expect(lastBody(server).tools).toEqual([{ name: 'weather', description: 'Looks up the weather', input_schema: WEATHER.parameters }])
  })

  it('sends all tool results of a round in one user message, one tool_result block each', async () => {
    const { provider, server } = await setup({ turns: [{ text: 'Both are sunny.' }] })
    const history: TUniversalMessage[] = [
      createUserMessage('Weather in Paris and Rome?'),
      createAssistantMessage('', {
        toolCalls: [
          { id: 'toolu_paris', name: 'weather', arguments: { city: 'Paris' } },
          { id: 'toolu_rome', name: 'weather', arguments: { city: 'Rome' } }
        ]
      }),
      createToolMessage('sunny, 21C', { toolCallId: 'toolu_paris', toolName: 'weather' }),
      createToolMessage('sunny, 27C', { toolCallId: 'toolu_rome', toolName: 'weather' })
    ]
    await provider.chat(history, { model: MODEL, tools: [WEATHER] })
    expect(lastBody(server).messages).toEqual([
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_paris', name: 'weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_rome', name: 'weather', input: { city: 'Rome' } }
        ]
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_paris', content: 'sunny, 21C' },
          { type: 'tool_result', tool_use_id: 'toolu_rome', content: 'sunny, 27C' }
        ]
      }
    ])
  })

  it('reports the request, every stream event and the final message as native payloads', async () => {
    const { provider, server } = await setup({ turns: [{ text: ['a', 'b'], toolCalls: [{ name: 'weather', arguments: { city: 'Oslo' } }] }] })
    const payloads: IProviderNativeRawPayloadEvent[] = []
    await provider.chat([createUserMessage('hi')], { model: MODEL, tools: [WEATHER], onProviderNativeRawPayload: (event) => payloads.push(event) })
    expect(payloads.every((event) => event.provider === 'anthropic' && event.apiSurface === 'anthropic-messages')).toBe(true)
    expect(payloads.map((event) => event.sequence)).toEqual(payloads.map((_, index) => index))
    expect(payloads[0]).toMatchObject({ payloadKind: 'request', payload: lastBody(server) })
    const streamed = payloads.filter((event) => event.payloadKind === 'stream_event').map((event) => (event.payload as { type: string }).type)
    expect(streamed[0]).toBe('message_start')
    expect(streamed.at(-1)).toBe('message_stop')
    expect(streamed).toContain('content_block_delta')
    expect(streamed).not.toContain('ping')
    const final = payloads.at(-1)
    expect(final?.payloadKind).toBe('response')
    expect(final?.payload).toMatchObject({
      role: 'assistant',
      stop_reason: 'tool_use',
      content: [
        { type: 'text', text: 'ab' },
        { type: 'tool_use', id: 'toolu_fake_0_0', name: 'weather', input: { city: 'Oslo' } }
      ]
    })
  })

  it('keeps thinking blocks in metadata and sends them back first, unmodified', async () => {
    const { provider, server } = await setup({ turns: [{ reasoning: 'Paris is in France.', text: 'Sunny.' }, { text: 'ok' }] })
    const first = await provider.chat([createUserMessage('Weather?')], { model: MODEL })
    expect(first.content).toBe('Sunny.')
    await provider.chat([createUserMessage('Weather?'), first, createUserMessage('Thanks')], { model: MODEL })
    expect(lastBody(server).messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Paris is in France.', signature: 'sig_fake_0' },
        { type: 'text', text: 'Sunny.' }
      ]
    })
  })

  it('marks the system prompt and the last tool cacheable when promptCaching is on', async () => {
    const { provider, server } = await setup({ turns: [{ text: 'ok' }] }, { promptCaching: true })
    await provider.chat([createSystemMessage('Be brief.'), createUserMessage('hi')], { model: MODEL, tools: [WEATHER, { ...WEATHER, name: 'forecast' }] })
    const body = lastBody(server)
    expect(body.system).toEqual([{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }])
    expect(body.tools?.map((tool) => (tool as { cache_control?: unknown }).cache_control)).toEqual([undefined, { type: 'ephemeral' }])
  })

  it('passes malformed tool-call JSON on as arguments the tool can reject, without throwing', async () => {
    const { provider } = await setup({ turns: [{ toolCalls: [{ id: 'toolu_bad', name: 'weather', arguments: '{"city": "Par' }] }] })
    const response = await provider.chat([createUserMessage('hi')], { model: MODEL, tools: [WEATHER] })
    expect(response.toolCalls).toEqual([{ id: 'toolu_bad', name: 'weather', arguments: { invalidJsonArguments: '{"city": "Par' } }])
  })
})

describe('AnthropicProvider abort', () => {
  it('returns the partial text with stopReason aborted when aborted mid-text', async () => {
    const { provider } = await setup({ turns: [{ text: ['one ', 'two ', 'three'] }], eventDelayMs: 20 })
    const controller = new AbortController()
    const response = await provider.chat([createUserMessage('count')], {
      model: MODEL,
      signal: controller.signal,
      onTextDelta: () => controller.abort()
    })
    expect(response).toMatchObject({ content: 'one ', stopReason: 'aborted' })
    expect(response.toolCalls).toBeUndefined()
  })

  it('returns an empty aborted reply when aborted before the request', async () => {
    const { provider } = await setup({ turns: [{ text: 'never' }] })
    const controller = new AbortController()
    controller.abort()
    const response = await provider.chat([createUserMessage('hi')], { model: MODEL, signal: controller.signal })
    expect(response).toMatchObject({ content: '', stopReason: 'aborted' })
  })

  it('keeps a tool call whose arguments were still streaming, as far as they streamed, even from a stalled stream', async () => {
    const { provider } = await setup({
      // message_start, text start, ping, text delta, text stop, tool_use start, first JSON half: then silence.
      turns: [{ text: 'Let me check.', toolCalls: [{ name: 'weather', arguments: { city: 'Paris' } }], fault: { kind: 'stall', afterEvents: 7 } }]
    })
    const controller = new AbortController()
    const response = await provider.chat([createUserMessage('hi')], {
      model: MODEL,
      tools: [WEATHER],
      signal: controller.signal,
      onProviderNativeRawPayload: (event) => {
        const delta = (event.payload as { delta?: { type?: string } }).delta
        if (delta?.type === 'input_json_delta') setTimeout(() => controller.abort(), 20)
      }
    })
    expect(response).toMatchObject({ content: 'Let me check.', stopReason: 'aborted' })
    const [firstHalf] = splitInTwo(JSON.stringify({ city: 'Paris' }))
    expect(response.toolCalls).toEqual([{ id: expect.stringMatching(/^toolu_/), name: 'weather', arguments: { invalidJsonArguments: firstHalf } }])
  })
})

describe('AnthropicProvider errors', () => {
  it.each([
    { status: 401, errorClass: AuthenticationError, code: 'AUTHENTICATION_ERROR', says: 'API key' },
    { status: 403, errorClass: AuthenticationError, code: 'AUTHENTICATION_ERROR', says: 'permissions' },
    { status: 429, errorClass: RateLimitError, code: 'RATE_LIMIT_ERROR', says: 'Try again in 7 seconds' },
    { status: 500, errorClass: ProviderError, code: 'PROVIDER_ERROR', says: 'server error' },
    { status: 503, errorClass: ProviderError, code: 'PROVIDER_ERROR', says: 'server error' },
    { status: 529, errorClass: ProviderError, code: 'PROVIDER_ERROR', says: 'overloaded' },
    { status: 404, errorClass: ModelNotAvailableError, code: 'MODEL_NOT_AVAILABLE', says: 'model name' }
  ])('maps HTTP $status to $code', async ({ status, errorClass, code, says }) => {
    const { provider } = await setup({ turns: [{ fault: { kind: 'http-error', status, retryAfterSeconds: 7 } }] })
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(errorClass)
    expect(error.code).toBe(code)
    expect(error.message).toContain(says)
    expect(error.details).toMatchObject({ provider: 'anthropic', status })
    if (status === 429) expect(error.details?.retryAfterSeconds).toBe(7)
  })

  it('keeps a key the server echoed out of the error and its cause, as a logged error prints them', async () => {
    const { provider } = await setup({ turns: [{ fault: { kind: 'http-error', status: 401, message: `invalid x-api-key: ${API_KEY}` } }] })
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(AuthenticationError)
    expect(error.cause).toBeDefined()
    expect(inspect(error, { depth: 10 })).not.toContain(API_KEY)
    expect(inspect(error, { depth: 10 })).toContain('[REDACTED]')
  })

  it('maps a wrong key to AuthenticationError without echoing the key', async () => {
    const { provider } = await setup({ apiKey: 'the-right-key', turns: [{ text: 'never' }] })
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(AuthenticationError)
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(API_KEY)
  })

  it('maps an unreachable server to NetworkError', async () => {
    const { provider, server } = await setup({})
    await server.close()
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(NetworkError)
    // Named by host, port and path, as every provider's failures name a server.
    expect(error.message).toContain(`Could not reach Anthropic at ${server.url.replace(/^http:\/\//, '').replace(/\/+$/, '')}. `)
  })

  it('maps a stream cut mid-event to NetworkError, keeping nothing half-parsed', async () => {
    const { provider } = await setup({ turns: [{ text: ['a', 'b', 'c'], fault: { kind: 'cut-stream', afterEvents: 4 } }] })
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(NetworkError)
  })

  it('maps an event that is not JSON to ProviderError', async () => {
    const { provider } = await setup({ turns: [{ text: ['a', 'b'], fault: { kind: 'malformed-event', afterEvents: 3 } }] })
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error.message).toContain('not valid JSON')
  })

  it('maps an error event inside the stream by its type', async () => {
    const { provider } = await setup({ turns: [{ text: ['a', 'b'], fault: { kind: 'error-event', afterEvents: 3, status: 529, message: 'Overloaded' } }] })
    const error = await chatError(provider)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error.message).toContain('overloaded')
    expect(error.details).toMatchObject({ errorType: 'overloaded_error', status: 529 })
  })
})

// Callers without types misspell an option: `baseUrl` would otherwise send the key to api.anthropic.com.
describe('AnthropicProvider options', () => {
  it.each([
    ['a misspelt baseURL', { apiKey: API_KEY, baseUrl: 'http://proxy.test' }, 'unknown option "baseUrl" (the base URL is `baseURL`)'],
    ['a misspelt apiKey, before asking for one', { apikey: API_KEY }, 'unknown option "apikey" (the key is `apiKey`)'],
    ['the model, which is the agent\'s', { apiKey: API_KEY, model: MODEL }, 'unknown option "model" (the model is chosen by the agent'],
    ['an option of the SDK\'s client', { apiKey: API_KEY, defaultHeaders: {} }, 'unknown option "defaultHeaders" (an option of the SDK\'s client: build the client with it and pass it as `client`); it takes apiKey, baseURL, maxRetries, timeout,'],
    ['any other key', { apiKey: API_KEY, retries: 2 }, 'unknown option "retries"; it takes apiKey, baseURL, maxRetries, timeout,'],
    ['a key that is no string', { apiKey: 12345 }, 'apiKey must be a string; got number.'],
    ['retries without end', { apiKey: API_KEY, maxRetries: -1 }, 'maxRetries must be a whole number of 0 or more; got -1.'],
    ['retries as text', { apiKey: API_KEY, maxRetries: '5' }, 'maxRetries must be a whole number of 0 or more; got "5".']
  ])('refuses %s with a ConfigurationError naming it', (_, options, message) => {
    const create = () => new AnthropicProvider(options as TAnthropicProviderOptions)
    expect(create).toThrow(ConfigurationError)
    expect(create).toThrow(`new AnthropicProvider(options): ${message}`)
  })

  it('takes every option it documents', () => {
    const options: Required<TAnthropicProviderOptions> = {
      apiKey: API_KEY,
      baseURL: 'http://proxy.test',
      maxRetries: 0,
      timeout: 30_000,
      client: undefined as never,
      loadSdk: () => Promise.reject(new Error('not loaded')),
      promptCaching: true,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      enableWebTools: true,
      webSearchMaxUses: 2,
      onServerToolUse: () => {}
    }
    expect(new AnthropicProvider(options).name).toBe('anthropic')
  })
})
