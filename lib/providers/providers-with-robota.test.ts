import { inspect } from 'node:util'
import * as z from 'zod'
import { afterEach, describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { IAIProvider } from '../core/provider.ts'
import { Robota } from '../core/robota.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import { startFakeLlmServer, type TFakeLlmServer, type TFakeLlmServerOptions } from '../testing/fake-llm-server.ts'
import { createZodFunctionTool } from '../tools/function-tool.ts'
import { AnthropicProvider } from './anthropic/anthropic-provider.ts'
import { GoogleProvider } from './google/google-provider.ts'
import { OpenAIProvider } from './openai/openai-provider.ts'

const API_KEY = 'sk-robota-integration-secret-42'

/** Each provider configuration, the tool call id its API would use, and where a tool result sits in its request. */
const PROVIDERS = [
  {
    label: 'anthropic',
    callId: 'toolu_01XFDUDYJgAACzvnptvVoYEL',
    stallAfterFirstArgumentPiece: 7,
    // The SDK swallows the ping event, so one event fewer reaches the payload callback.
    reportedThroughFirstArgumentPiece: 6,
    create: (fake: TFakeLlmServer): IAIProvider => new AnthropicProvider({ apiKey: API_KEY, baseURL: fake.url, maxRetries: 0 }),
    toolResultOf: (body: unknown) => (body as { messages: Array<{ content: unknown }> }).messages.at(-1)?.content
  },
  {
    label: 'openai responses',
    callId: 'call_Zd3TqM8sXv1',
    stallAfterFirstArgumentPiece: 10,
    reportedThroughFirstArgumentPiece: 10,
    create: (fake: TFakeLlmServer): IAIProvider =>
      new OpenAIProvider({ apiKey: API_KEY, baseURL: fake.openaiBaseURL, apiSurface: 'responses', maxRetries: 0 }),
    toolResultOf: (body: unknown) => (body as { input: unknown[] }).input.at(-1)
  },
  {
    label: 'openai chat-completions',
    callId: 'call_0',
    stallAfterFirstArgumentPiece: 4,
    reportedThroughFirstArgumentPiece: 4,
    create: (fake: TFakeLlmServer): IAIProvider =>
      new OpenAIProvider({ apiKey: API_KEY, baseURL: fake.openaiBaseURL, apiSurface: 'chat-completions', maxRetries: 0 }),
    toolResultOf: (body: unknown) => (body as { messages: unknown[] }).messages.at(-1)
  },
  {
    label: 'google gemini',
    callId: 'call_gemini_8f2k1',
    // Gemini sends a call whole, with the finish reason: the stream stalls after the text, before the call.
    stallAfterFirstArgumentPiece: 1,
    reportedThroughFirstArgumentPiece: 1,
    create: (fake: TFakeLlmServer): IAIProvider => new GoogleProvider({ apiKey: API_KEY, baseURL: fake.url, maxRetries: 0 }),
    toolResultOf: (body: unknown) => (body as { contents: unknown[] }).contents.at(-1)
  }
]

let server: TFakeLlmServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function makeAgent(create: (fake: TFakeLlmServer) => IAIProvider, options: TFakeLlmServerOptions) {
  server = await startFakeLlmServer(options)
  const provider = create(server)
  const added: Array<{ a: number; b: number }> = []
  const add = createZodFunctionTool('add', 'Adds two numbers', z.object({ a: z.number(), b: z.number() }), async ({ a, b }) => {
    added.push({ a, b })
    return { sum: a + b }
  })
  const agent = new Robota({
    name: 'adder',
    aiProviders: [provider],
    defaultModel: { provider: provider.name, model: 'test-model' },
    systemMessage: 'You add numbers with the add tool.',
    tools: [add]
  })
  return { agent, added, server }
}

/** Every tool call in history has exactly one result, and every result answers a call before it. */
function expectMatchedToolCalls(history: readonly TUniversalMessage[]): void {
  const open = new Set<string>()
  for (const message of history) {
    if (message.role === 'assistant') for (const call of message.toolCalls ?? []) open.add(call.id)
    if (message.role === 'tool') {
      expect(open.has(message.toolCallId)).toBe(true)
      open.delete(message.toolCallId)
    }
  }
  expect([...open]).toEqual([])
}

describe.each(PROVIDERS)('Robota with $label over the fake server', ({ label, callId, create, toolResultOf, stallAfterFirstArgumentPiece, reportedThroughFirstArgumentPiece }) => {
  it('runs a full tool round with a zod tool, ids verbatim, and never leaks the key into events', async () => {
    const { agent, added, server } = await makeAgent(create, {
      turns: [
        { text: ['Let me ', 'add.'], toolCalls: [{ id: callId, name: 'add', arguments: { a: 2, b: 3 } }], usage: { inputTokens: 50, outputTokens: 10 } },
        { text: ['The sum ', 'is 5.'], usage: { inputTokens: 70, outputTokens: 6 } }
      ]
    })
    const events: TExecutionEventEnvelope[] = []
    const deltas: string[] = []
    const result = await agent.run('What is 2 + 3?', { onExecutionEvent: (event) => events.push(event), onTextDelta: (delta) => deltas.push(delta) })

    expect(result.response).toBe('The sum is 5.')
    expect(result.interrupted).toBeUndefined()
    expect(result.toolsExecuted).toEqual(['add'])
    expect(added).toEqual([{ a: 2, b: 3 }])
    expect(result.usage).toMatchObject({ inputTokens: 120, outputTokens: 16 })
    expect(deltas.join('')).toContain('Let me add.')
    expect(result.history.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant'])
    expect(result.history[1]).toMatchObject({ toolCalls: [{ id: callId, name: 'add', arguments: { a: 2, b: 3 } }] })
    expect(result.history[2]).toMatchObject({ role: 'tool', toolCallId: callId, content: '{"sum":5}' })
    expectMatchedToolCalls(result.history)

    expect(server.requests).toHaveLength(2)
    expect(JSON.stringify(toolResultOf(server.requests[1]?.body))).toContain(callId)
    expect(JSON.stringify(server.requests[0]?.body)).toContain('You add numbers with the add tool.')
    expect(events.some((event) => event.type === 'provider_native_raw_payload')).toBe(true)
    expect(JSON.stringify(events)).not.toContain(API_KEY)
    // Printed to debug, the agent shows its provider and the SDK client it built, never the key.
    expect(inspect(agent, { depth: Infinity })).not.toContain(API_KEY)
  })

  it('returns normally with interrupted history when aborted mid-tool-call-arguments', async () => {
    const { agent, added } = await makeAgent(create, {
      turns: [{ text: 'Adding.', toolCalls: [{ id: callId, name: 'add', arguments: { a: 1, b: 1 } }], fault: { kind: 'stall', afterEvents: stallAfterFirstArgumentPiece } }]
    })
    const controller = new AbortController()
    let streamed = 0
    const result = await agent.run('1 + 1?', {
      signal: controller.signal,
      onExecutionEvent: (event) => {
        if (event.type === 'provider_native_raw_payload' && event.data.payloadKind === 'stream_event' && ++streamed === reportedThroughFirstArgumentPiece) {
          setTimeout(() => controller.abort(), 20)
        }
      }
    })
    expect(result.interrupted).toBe(true)
    expect(added).toEqual([])
    if (label === 'google gemini') {
      // No call had begun: the text is kept, interrupted, with nothing to answer.
      expect(result.history.slice(1)).toMatchObject([{ role: 'assistant', state: 'interrupted', content: 'Adding.' }])
      expect(result.history).toHaveLength(2)
      return
    }
    // The call the model had begun is recorded, with its id, and answered as interrupted.
    expect(result.history.slice(1)).toMatchObject([
      { role: 'assistant', state: 'interrupted', content: 'Adding.', toolCalls: [{ id: callId, name: 'add' }] },
      { role: 'tool', toolCallId: callId, content: 'Error: Execution interrupted by user' }
    ])
    expectMatchedToolCalls(result.history)
  })

  it('returns normally with a clear error when the provider is rate limited', async () => {
    const { agent } = await makeAgent(create, { turns: [{ fault: { kind: 'http-error', status: 429, retryAfterSeconds: 9 } }] })
    const result = await agent.run('hi')
    expect(result.response).toMatch(/rate limit/i)
    expect(result.response).toContain('9 seconds')
    expect(result.response).not.toContain(API_KEY)
    expectMatchedToolCalls(result.history)
  })
})
