import { afterEach, describe, expect, it } from 'vitest'
import { AuthenticationError, ProviderError, RateLimitError } from '../core/errors.ts'
import type { IAIProvider } from '../core/provider.ts'
import { Robota } from '../core/robota.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import type { TFakeLlmTurn } from '../testing/fake-llm/fake-llm-script.ts'
import { describeHistoryProblems } from '../testing/suite-totals-history-checks.ts'
import { AnthropicProvider } from './anthropic/anthropic-provider.ts'
import { GoogleProvider } from './google/google-provider.ts'
import { OpenAIProvider } from './openai/openai-provider.ts'

// A provider's HTTP failure reaches the caller of Robota.run() through the real SDK: as
// `result.error` (plain data with the spec's code) by default, or thrown as its Robota error
// class with `throwOnError`; the agent then answers its next prompt.

const API_KEY = 'sk-run-errors-suite-0123456789'

const SURFACES: Array<{ label: string; create: (server: TFakeLlmServer, apiKey: string) => IAIProvider }> = [
  { label: 'Anthropic Messages', create: (server, apiKey) => new AnthropicProvider({ apiKey, baseURL: server.url, maxRetries: 0 }) },
  {
    label: 'OpenAI Responses',
    create: (server, apiKey) => new OpenAIProvider({ apiKey, baseURL: server.openaiBaseURL, apiSurface: 'responses', maxRetries: 0 })
  },
  {
    label: 'OpenAI Chat Completions',
    create: (server, apiKey) => new OpenAIProvider({ apiKey, baseURL: server.openaiBaseURL, apiSurface: 'chat-completions', maxRetries: 0 })
  },
  { label: 'Google Gemini', create: (server, apiKey) => new GoogleProvider({ apiKey, baseURL: server.url, maxRetries: 0 }) }
]

const FAILURES: Array<{ status: number; turn: TFakeLlmTurn; errorClass: typeof ProviderError | typeof RateLimitError | typeof AuthenticationError; expected: Record<string, unknown> }> = [
  {
    status: 401,
    turn: { fault: { kind: 'http-error', status: 401, message: 'Invalid API key.' } },
    errorClass: AuthenticationError,
    expected: { name: 'AuthenticationError', code: 'AUTHENTICATION_ERROR', category: 'user', recoverable: false, statusCode: 401 }
  },
  {
    status: 429,
    turn: { fault: { kind: 'http-error', status: 429, retryAfterSeconds: 7 } },
    errorClass: RateLimitError,
    expected: { name: 'RateLimitError', code: 'RATE_LIMIT_ERROR', category: 'provider', recoverable: true, statusCode: 429, retryAfterSeconds: 7 }
  },
  {
    status: 500,
    turn: { fault: { kind: 'http-error', status: 500 } },
    errorClass: ProviderError,
    expected: { name: 'ProviderError', code: 'PROVIDER_ERROR', category: 'provider', recoverable: true, statusCode: 500 }
  },
  {
    status: 503,
    turn: { fault: { kind: 'http-error', status: 503 } },
    errorClass: ProviderError,
    expected: { name: 'ProviderError', code: 'PROVIDER_ERROR', category: 'provider', recoverable: true, statusCode: 503 }
  }
]

let server: TFakeLlmServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

function makeAgent(provider: IAIProvider) {
  return new Robota({ name: 'run-errors', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'test-model' } })
}

describe.each(SURFACES)('$label', ({ create }) => {
  it.each(FAILURES)('HTTP $status comes back as result.error, plain data with its code', async ({ turn, expected }) => {
    server = await startFakeLlmServer({ turns: [turn, { text: 'Recovered.' }] })
    const agent = makeAgent(create(server, API_KEY))

    const result = await agent.run('hi')

    expect(result.error).toMatchObject(expected)
    expect(result.error?.message).toBe(result.response.replace(/^Error: the model provider failed: /, ''))
    expect(JSON.stringify(result.error)).not.toContain(API_KEY)
    expect(structuredClone(result)).toEqual(result)
    expect(result.history.at(-1)).toMatchObject({ role: 'assistant', metadata: { error: true, errorCode: expected.code } })

    const again = await agent.run('again')
    expect(again.response).toBe('Recovered.')
    expect(again.error).toBeUndefined()
    expect(describeHistoryProblems(again.history)).toEqual([])
  })

  it.each(FAILURES)('HTTP $status is thrown as its Robota error class with throwOnError', async ({ turn, errorClass, expected }) => {
    server = await startFakeLlmServer({ turns: [{ text: 'First.' }, turn, { text: 'Recovered.' }] })
    const agent = makeAgent(create(server, API_KEY))
    await agent.run('one', { throwOnError: true })

    const thrown = await agent.run('two', { throwOnError: true }).then(
      () => expect.fail('run() should have thrown'),
      (error: unknown) => error
    )

    expect(thrown).toBeInstanceOf(errorClass)
    expect(thrown).toMatchObject({ code: expected.code, details: { status: expected.statusCode } })
    expect(agent.getHistory().map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(agent.getHistory().at(-1)?.metadata).toMatchObject({ error: true, errorCode: expected.code })
    expect(describeHistoryProblems(agent.getHistory())).toEqual([])
    expect((await agent.run('three', { throwOnError: true })).response).toBe('Recovered.')
  })
})
