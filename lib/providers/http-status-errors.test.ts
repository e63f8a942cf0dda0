import { afterEach, describe, expect, it } from 'vitest'
import { ErrorUtils } from '../core/error-utils.ts'
import { createUserMessage } from '../core/messages.ts'
import type { IAIProvider } from '../core/provider.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import { AnthropicProvider } from './anthropic/anthropic-provider.ts'
import { GoogleProvider } from './google/google-provider.ts'
import { OpenAIProvider } from './openai/openai-provider.ts'

// One HTTP status mapping: what each adapter throws for a status, through its real SDK, is the
// error class `ErrorUtils.wrapProviderError` gives any other error carrying that status.

const API_KEY = 'sk-status-suite-0123456789'

const SURFACES: Array<{ label: string; create: (server: TFakeLlmServer) => IAIProvider }> = [
  { label: 'Anthropic Messages', create: (server) => new AnthropicProvider({ apiKey: API_KEY, baseURL: server.url, maxRetries: 0 }) },
  {
    label: 'OpenAI Responses',
    create: (server) => new OpenAIProvider({ apiKey: API_KEY, baseURL: server.openaiBaseURL, apiSurface: 'responses', maxRetries: 0 })
  },
  {
    label: 'OpenAI Chat Completions',
    create: (server) => new OpenAIProvider({ apiKey: API_KEY, baseURL: server.openaiBaseURL, apiSurface: 'chat-completions', maxRetries: 0 })
  },
  { label: 'Google Gemini', create: (server) => new GoogleProvider({ apiKey: API_KEY, baseURL: server.url, maxRetries: 0 }) }
]

const STATUSES = [400, 401, 403, 404, 409, 422, 429, 500, 502, 503, 529]

let server: TFakeLlmServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe.each(SURFACES)('$label', ({ create }) => {
  it.each(STATUSES)('maps HTTP %i to the class ErrorUtils.wrapProviderError gives it', async (status) => {
    server = await startFakeLlmServer({ turns: [{ fault: { kind: 'http-error', status, retryAfterSeconds: 3 } }] })
    const thrown: unknown = await create(server)
      .chat([createUserMessage('hi')], { model: 'test-model' })
      .then(() => expect.fail('chat() should have failed'), (error: unknown) => error)
    const expected = ErrorUtils.wrapProviderError(Object.assign(new Error('refused'), { status }), 'acme')
    expect(thrown).toBeInstanceOf(expected.constructor)
    expect(thrown).toMatchObject({ code: expected.code, category: expected.category, recoverable: expected.recoverable })
  })
})
