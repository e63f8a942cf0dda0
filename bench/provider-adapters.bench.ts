import Anthropic from '@anthropic-ai/sdk'
import { GoogleGenAI } from '@google/genai'
import OpenAI from 'openai'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { createUserMessage } from '../lib/core/messages.ts'
import { AnthropicProvider } from '../lib/providers/anthropic/anthropic-provider.ts'
import { GoogleProvider } from '../lib/providers/google/google-provider.ts'
import { OpenAIProvider } from '../lib/providers/openai/openai-provider.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'

// Each provider adapter against its bare official SDK iterating the same local stream of
// CHUNKS text deltas from the fake server: the difference is the adapter's own work per chunk
// (conversion, accumulation, the abort race, payload reporting). Target: adapter ≤ 1.2× the SDK
// alone. `npx vitest bench bench/provider-adapters.bench.ts` prints each pair with its ratio.

const CHUNKS = 2_000
const KEY = 'bench-key'
const MODEL = 'bench-model'
const PIECES = Array.from({ length: CHUNKS }, (_, index) => `piece ${index} `)

let server: TFakeLlmServer
beforeAll(async () => {
  server = await startFakeLlmServer({ turns: [] })
})
afterAll(() => server.close())

// Every call plays one fresh turn of the same text.
function nextTurn(): void {
  server.enqueue({ text: PIECES, usage: { inputTokens: 10, outputTokens: CHUNKS } })
}

const OPTIONS = { iterations: 20, warmupIterations: 3 }

describe(`Anthropic Messages, ${CHUNKS} chunks`, () => {
  bench('bare @anthropic-ai/sdk', async () => {
    nextTurn()
    const client = new Anthropic({ apiKey: KEY, baseURL: server.url, maxRetries: 0 })
    let text = ''
    const stream = await client.messages.create({ model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: 'go' }], stream: true })
    for await (const event of stream) if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text
    if (text.length === 0) throw new Error('no text')
  }, OPTIONS)
  bench('robota AnthropicProvider', async () => {
    nextTurn()
    const provider = new AnthropicProvider({ apiKey: KEY, baseURL: server.url, maxRetries: 0 })
    const reply = await provider.chat([createUserMessage('go')], { model: MODEL, onTextDelta: () => undefined, onProviderNativeRawPayload: () => undefined })
    if (reply.content.length === 0) throw new Error('no text')
  }, OPTIONS)
})

describe(`OpenAI Responses, ${CHUNKS} chunks`, () => {
  bench('bare openai', async () => {
    nextTurn()
    const client = new OpenAI({ apiKey: KEY, baseURL: server.openaiBaseURL, maxRetries: 0 })
    let text = ''
    const stream = await client.responses.create({ model: MODEL, input: [{ role: 'user', content: 'go' }], stream: true, store: false })
    for await (const event of stream) if (event.type === 'response.output_text.delta') text += event.delta
    if (text.length === 0) throw new Error('no text')
  }, OPTIONS)
  bench('robota OpenAIProvider', async () => {
    nextTurn()
    const provider = new OpenAIProvider({ apiKey: KEY, baseURL: server.openaiBaseURL, apiSurface: 'responses', maxRetries: 0 })
    const reply = await provider.chat([createUserMessage('go')], { model: MODEL, onTextDelta: () => undefined, onProviderNativeRawPayload: () => undefined })
    if (reply.content.length === 0) throw new Error('no text')
  }, OPTIONS)
})

describe(`Gemini generateContent, ${CHUNKS} chunks`, () => {
  bench('bare @google/genai', async () => {
    nextTurn()
    const client = new GoogleGenAI({ apiKey: KEY, httpOptions: { baseUrl: server.url, retryOptions: { attempts: 1 } } })
    let text = ''
    const stream = await client.models.generateContentStream({ model: MODEL, contents: [{ role: 'user', parts: [{ text: 'go' }] }] })
    for await (const chunk of stream) text += chunk.text ?? ''
    if (text.length === 0) throw new Error('no text')
  }, OPTIONS)
  bench('robota GoogleProvider', async () => {
    nextTurn()
    const provider = new GoogleProvider({ apiKey: KEY, baseURL: server.url, maxRetries: 0 })
    const reply = await provider.chat([createUserMessage('go')], { model: MODEL, onTextDelta: () => undefined, onProviderNativeRawPayload: () => undefined })
    if (reply.content.length === 0) throw new Error('no text')
  }, OPTIONS)
})
