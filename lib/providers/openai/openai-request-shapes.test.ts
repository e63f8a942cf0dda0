import { afterEach, describe, expect, it } from 'vitest'
import {
  createAssistantMessage,
  createSystemMessage,
  createToolMessage,
  createUserMessage,
  type TUniversalMessage
} from '../../core/messages.ts'
import type { IToolSchema } from '../../core/provider.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../../testing/fake-llm-server.ts'
import { OpenAIProvider } from './openai-provider.ts'

const MODEL = 'gpt-5-mini'
const WEATHER: IToolSchema = {
  name: 'weather',
  description: 'Looks up the weather',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }
}
const ROUND: TUniversalMessage[] = [
  createSystemMessage('Be brief.'),
  createUserMessage('Paris and Rome?'),
  createAssistantMessage('Checking both.', {
    toolCalls: [
      { id: 'call_paris', name: 'weather', arguments: { city: 'Paris' } },
      { id: 'call_rome', name: 'weather', arguments: { city: 'Rome' } }
    ]
  }),
  createToolMessage('sunny', { toolCallId: 'call_paris', toolName: 'weather' }),
  createToolMessage('rain', { toolCallId: 'call_rome', toolName: 'weather' })
]

let server: TFakeLlmServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function sendRound(apiSurface: 'responses' | 'chat-completions', extra: { maxTokens?: number } = {}): Promise<Record<string, unknown>> {
  server = await startFakeLlmServer({ turns: [{ text: 'Sunny in Paris, rain in Rome.' }] })
  const provider = new OpenAIProvider({ apiKey: 'sk-test', baseURL: server.openaiBaseURL, apiSurface, maxRetries: 0 })
  await provider.chat(ROUND, { model: MODEL, tools: [WEATHER], ...extra })
  return server.requests[0]?.body as Record<string, unknown>
}

describe('OpenAI request shapes on the wire', () => {
  it('Responses: system as instructions, function_call items and one function_call_output per result, stateless', async () => {
    const body = await sendRound('responses', { maxTokens: 500 })
    expect(body).toMatchObject({ model: MODEL, stream: true, store: false, instructions: 'Be brief.', max_output_tokens: 500 })
    expect(body.input).toEqual([
      { role: 'user', content: 'Paris and Rome?' },
      { role: 'assistant', content: 'Checking both.' },
      { type: 'function_call', call_id: 'call_paris', name: 'weather', arguments: '{"city":"Paris"}' },
      { type: 'function_call', call_id: 'call_rome', name: 'weather', arguments: '{"city":"Rome"}' },
      { type: 'function_call_output', call_id: 'call_paris', output: 'sunny' },
      { type: 'function_call_output', call_id: 'call_rome', output: 'rain' }
    ])
    expect(body.tools).toEqual([{ type: 'function', name: 'weather', description: 'Looks up the weather', parameters: WEATHER.parameters, strict: false }])
  })

  it('Chat Completions: one leading system message, assistant tool_calls, one tool message per result, usage asked for', async () => {
    const body = await sendRound('chat-completions', { maxTokens: 500 })
    expect(body).toMatchObject({ model: MODEL, stream: true, stream_options: { include_usage: true }, max_tokens: 500 })
    expect(body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Paris and Rome?' },
      {
        role: 'assistant',
        content: 'Checking both.',
        tool_calls: [
          { id: 'call_paris', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_rome', type: 'function', function: { name: 'weather', arguments: '{"city":"Rome"}' } }
        ]
      },
      { role: 'tool', tool_call_id: 'call_paris', content: 'sunny' },
      { role: 'tool', tool_call_id: 'call_rome', content: 'rain' }
    ])
    expect(body.tools).toEqual([{ type: 'function', function: { name: 'weather', description: 'Looks up the weather', parameters: WEATHER.parameters } }])
  })

  it('Responses: round-trips encrypted reasoning items when reasoning is configured', async () => {
    server = await startFakeLlmServer({ turns: [{ reasoning: 'Think.', text: 'Answer.' }, { text: 'ok' }] })
    const provider = new OpenAIProvider({ apiKey: 'sk-test', baseURL: server.openaiBaseURL, apiSurface: 'responses', reasoning: { effort: 'low' } })
    const first = await provider.chat([createUserMessage('q')], { model: MODEL })
    await provider.chat([createUserMessage('q'), first, createUserMessage('and?')], { model: MODEL })
    expect(server.requests[0]?.body).toMatchObject({ reasoning: { effort: 'low' }, include: ['reasoning.encrypted_content'] })
    const input = (server.requests[1]?.body as { input: unknown[] }).input
    expect(input[1]).toMatchObject({ type: 'reasoning', id: 'rs_fake_0', encrypted_content: 'enc_fake_0' })
    expect(input[2]).toEqual({ role: 'assistant', content: 'Answer.' })
  })
})

describe('OpenAIProvider apiSurface default', () => {
  it.each([
    { baseURL: undefined, expected: 'responses' },
    { baseURL: 'https://api.openai.com/v1', expected: 'responses' },
    { baseURL: 'http://localhost:11434/v1', expected: 'chat-completions' },
    { baseURL: 'https://openrouter.ai/api/v1', expected: 'chat-completions' }
  ])('is $expected for baseURL $baseURL', ({ baseURL, expected }) => {
    const provider = new OpenAIProvider({ apiKey: 'sk-test', ...(baseURL ? { baseURL } : {}) })
    expect(provider.apiSurface).toBe(expected)
  })

  it('refuses to start without a key', () => {
    expect(() => new OpenAIProvider({})).toThrow(/apiKey/)
  })
})
