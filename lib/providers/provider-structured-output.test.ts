import * as z from 'zod'
import { afterEach, describe, expect, it } from 'vitest'
import { StructuredOutputError } from '../core/errors.ts'
import type { IAIProvider } from '../core/provider.ts'
import { Robota } from '../core/robota.ts'
import type { TFakeLlmTurn } from '../testing/fake-llm/fake-llm-script.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import { createZodFunctionTool } from '../tools/function-tool.ts'
import { AnthropicProvider } from './anthropic/anthropic-provider.ts'
import { GoogleProvider } from './google/google-provider.ts'
import { OpenAIProvider } from './openai/openai-provider.ts'

// run(input, { output: zodSchema }) asks each API for JSON in its own structured-output mode,
// through the real SDKs against the fake server, and hands back the parsed, validated value; a
// reply that does not validate is retried once with what was wrong, then refused with the raw text.

const Weather = z.object({ city: z.string(), celsius: z.number(), sunny: z.boolean().optional() })
const WEATHER_JSON_SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string' }, celsius: { type: 'number' }, sunny: { type: 'boolean' } },
  required: ['city', 'celsius'],
  additionalProperties: false
}

type TSurface = {
  label: string
  create: (server: TFakeLlmServer) => IAIProvider
  /** The fake model's turn answering with `value` (as the API carries a structured answer). */
  answer: (value: unknown) => TFakeLlmTurn
  /** The request's structured-output fields, as the API spells them. */
  modeOf: (body: Record<string, unknown>) => unknown
  mode: unknown
}

const SURFACES: TSurface[] = [
  {
    label: 'Anthropic Messages',
    create: (server) => new AnthropicProvider({ apiKey: 'sk-test', baseURL: server.url, maxRetries: 0 }),
    answer: (value) => ({ toolCalls: [{ name: 'structured_output', arguments: value as Record<string, unknown> }] }),
    modeOf: (body) => ({ tools: body.tools, tool_choice: body.tool_choice }),
    mode: {
      tools: [{ name: 'structured_output', description: expect.any(String), input_schema: WEATHER_JSON_SCHEMA }],
      tool_choice: { type: 'tool', name: 'structured_output' }
    }
  },
  {
    label: 'OpenAI Responses',
    create: (server) => new OpenAIProvider({ apiKey: 'sk-test', baseURL: server.openaiBaseURL, apiSurface: 'responses', maxRetries: 0 }),
    answer: (value) => ({ text: JSON.stringify(value) }),
    modeOf: (body) => body.text,
    mode: { format: { type: 'json_schema', name: 'output', schema: WEATHER_JSON_SCHEMA, strict: false } }
  },
  {
    label: 'OpenAI Chat Completions',
    create: (server) => new OpenAIProvider({ apiKey: 'sk-test', baseURL: server.openaiBaseURL, apiSurface: 'chat-completions', maxRetries: 0 }),
    answer: (value) => ({ text: JSON.stringify(value) }),
    modeOf: (body) => body.response_format,
    mode: { type: 'json_schema', json_schema: { name: 'output', schema: WEATHER_JSON_SCHEMA, strict: false } }
  },
  {
    label: 'Google Gemini',
    create: (server) => new GoogleProvider({ apiKey: 'sk-test', baseURL: server.url, maxRetries: 0 }),
    answer: (value) => ({ text: JSON.stringify(value) }),
    modeOf: (body) => {
      const generation = (body.generationConfig ?? {}) as Record<string, unknown>
      return { responseMimeType: generation.responseMimeType, responseJsonSchema: generation.responseJsonSchema }
    },
    mode: { responseMimeType: 'application/json', responseJsonSchema: WEATHER_JSON_SCHEMA }
  }
]

let server: TFakeLlmServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function makeAgent(surface: TSurface, turns: TFakeLlmTurn[]) {
  server = await startFakeLlmServer({ turns })
  const provider = surface.create(server)
  const agent = new Robota({ name: 'structured', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'test-model' } })
  return { agent, server }
}

const bodyText = (fake: TFakeLlmServer, index: number) => JSON.stringify(fake.requests[index]?.body)

describe.each(SURFACES)('$label', (surface) => {
  it('asks for the schema in the API\'s own JSON mode and returns the parsed, typed value', async () => {
    const { agent, server: fake } = await makeAgent(surface, [surface.answer({ city: 'Seoul', celsius: 21.5 })])

    const result = await agent.run('What is the weather in Seoul?', { output: Weather })

    const city: string | undefined = result.output?.city
    expect(city).toBe('Seoul')
    expect(result.output).toEqual({ city: 'Seoul', celsius: 21.5 })
    expect(surface.modeOf(fake.requests[0]?.body as Record<string, unknown>)).toEqual(surface.mode)
    expect(fake.requests).toHaveLength(1)
  })

  it('retries once, telling the model what did not validate, and returns the corrected value', async () => {
    const { agent, server: fake } = await makeAgent(surface, [surface.answer({ city: 'Seoul', celsius: 'warm' }), surface.answer({ city: 'Seoul', celsius: 22 })])

    const result = await agent.run('Weather?', { output: Weather })

    expect(result.output).toEqual({ city: 'Seoul', celsius: 22 })
    expect(fake.requests).toHaveLength(2)
    expect(bodyText(fake, 1)).toMatch(/Your last reply could not be used: the reply does not match the schema \(celsius: [^)]*number/)
    expect(surface.modeOf(fake.requests[1]?.body as Record<string, unknown>)).toEqual(surface.mode)
  })

  it('fails with a StructuredOutputError carrying the raw reply when the retry does not validate either', async () => {
    const { agent } = await makeAgent(surface, [surface.answer({ town: 'Seoul' }), surface.answer({ city: 'Seoul' })])

    const failure = await agent.run('Weather?', { output: Weather }).catch((error: unknown) => error)

    expect(failure).toBeInstanceOf(StructuredOutputError)
    expect((failure as StructuredOutputError).code).toBe('STRUCTURED_OUTPUT_INVALID')
    expect((failure as StructuredOutputError).rawText).toBe(JSON.stringify({ city: 'Seoul' }))
    expect((failure as StructuredOutputError).message).toMatch(/did not match the output schema after one retry: .*celsius/)
  })
})

describe('structured output beside tools', () => {
  it('lets the Anthropic model call the agent\'s tools first (tool_choice any), then answer through structured_output', async () => {
    server = await startFakeLlmServer({
      turns: [{ toolCalls: [{ name: 'add', arguments: { a: 20, b: 2 } }] }, { toolCalls: [{ name: 'structured_output', arguments: { city: 'Seoul', celsius: 22 } }] }]
    })
    const provider = new AnthropicProvider({ apiKey: 'sk-test', baseURL: server.url, maxRetries: 0 })
    const add = createZodFunctionTool('add', 'Adds', z.object({ a: z.number(), b: z.number() }), async ({ a, b }) => ({ sum: a + b }))
    const agent = new Robota({ name: 'tools', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'test-model' }, tools: [add] })

    const result = await agent.run('Weather?', { output: Weather })

    expect(result.output).toEqual({ city: 'Seoul', celsius: 22 })
    expect(result.toolsExecuted).toEqual(['add'])
    expect((server.requests[0]?.body as Record<string, unknown>).tool_choice).toEqual({ type: 'any' })
  })

  it('asks rather than forces the structured_output tool when Anthropic extended thinking is on, which allows only auto', async () => {
    server = await startFakeLlmServer({ turns: [{ text: '{"city": "Seoul", "celsius": 20}' }] })
    const provider = new AnthropicProvider({ apiKey: 'sk-test', baseURL: server.url, maxRetries: 0, thinking: { type: 'enabled', budget_tokens: 1024 } })
    const agent = new Robota({ name: 'thinking', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'test-model' } })

    const result = await agent.run('Weather?', { output: Weather })

    expect(result.output).toEqual({ city: 'Seoul', celsius: 20 })
    expect((server.requests[0]?.body as Record<string, unknown>).tool_choice).toEqual({ type: 'auto' })
  })

  it('refuses a schema whose JSON type is not an object on Anthropic, which answers through a tool', async () => {
    server = await startFakeLlmServer({ turns: [{ text: 'x' }] })
    const provider = new AnthropicProvider({ apiKey: 'sk-test', baseURL: server.url, maxRetries: 0 })
    const agent = new Robota({ name: 'list', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'test-model' } })

    const result = await agent.run('Cities?', { output: z.array(z.string()) })

    expect(result.error).toMatchObject({ code: 'CONFIGURATION_ERROR' })
    expect(result.error?.message).toMatch(/cannot ask for output of JSON type "array".*Wrap the schema in an object/)
    expect(server.requests).toHaveLength(0)
  })
})
