import * as z from 'zod'
import { afterEach, describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { InteractiveSession } from '../session/interactive-session.ts'
import type { IAIProvider } from '../core/provider.ts'
import { Robota, type IAgentConfig } from '../core/robota.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import { createZodFunctionTool } from '../tools/function-tool.ts'
import { AnthropicProvider } from './anthropic/anthropic-provider.ts'
import { GoogleProvider } from './google/google-provider.ts'
import { OpenAIProvider } from './openai/openai-provider.ts'

// maxTokens, temperature, toolChoice, stopSequences and providerOptions set on the agent, on one
// run or in a session's settings file reach the wire: what the fake server recorded is what each
// API expects, through the real SDKs. What an API cannot take is refused before anything is sent.

type TSurface = {
  label: string
  create: (server: TFakeLlmServer) => IAIProvider
  maxTokensField: string
  /** How the API spells each tool choice. */
  toolChoice: { auto: unknown; none: unknown; required: unknown; add: unknown }
  temperature: boolean
  /**
   * The request's settings under the names this suite reads (`maxTokensField`, `tool_choice`,
   * `temperature`, `tools`), for an API that nests them; by default the body itself.
   */
  settingsOf?: (body: Record<string, unknown>) => Record<string, unknown>
  /** Where the API reads stop sequences, or `undefined` when it has no stop parameter (then they are refused). */
  stopsOf: ((body: Record<string, unknown>) => unknown) | undefined
  /** A field `providerOptions[name]` may carry, and where the request holds it. */
  extra: { fields: Record<string, unknown>; read: (body: Record<string, unknown>) => unknown }
  /** Fields Robota sets itself, which `providerOptions[name]` must not hold. */
  reserved: string[]
  /** The stop reason a reply ended by a stop sequence reports: only Anthropic's API tells it apart. */
  stopSequenceReason: 'stop_sequence' | 'end_turn'
}

const generationConfig = (body: Record<string, unknown>) => (body.generationConfig ?? {}) as Record<string, unknown>

const SURFACES: TSurface[] = [
  {
    label: 'Anthropic Messages',
    create: (server) => new AnthropicProvider({ apiKey: 'sk-test', baseURL: server.url, maxRetries: 0 }),
    maxTokensField: 'max_tokens',
    toolChoice: { auto: { type: 'auto' }, none: { type: 'none' }, required: { type: 'any' }, add: { type: 'tool', name: 'add' } },
    temperature: false,
    stopsOf: (body) => body.stop_sequences,
    extra: { fields: { top_k: 7 }, read: (body) => body.top_k },
    reserved: ['model', 'messages', 'tools', 'stream', 'stop_sequences', 'max_tokens'],
    stopSequenceReason: 'stop_sequence'
  },
  {
    label: 'OpenAI Responses',
    create: (server) => new OpenAIProvider({ apiKey: 'sk-test', baseURL: server.openaiBaseURL, apiSurface: 'responses', maxRetries: 0 }),
    maxTokensField: 'max_output_tokens',
    toolChoice: { auto: 'auto', none: 'none', required: 'required', add: { type: 'function', name: 'add' } },
    temperature: true,
    stopsOf: undefined,
    extra: { fields: { top_p: 0.5 }, read: (body) => body.top_p },
    reserved: ['model', 'input', 'tools', 'stream', 'store', 'max_output_tokens'],
    stopSequenceReason: 'end_turn'
  },
  {
    label: 'OpenAI Chat Completions',
    create: (server) => new OpenAIProvider({ apiKey: 'sk-test', baseURL: server.openaiBaseURL, apiSurface: 'chat-completions', maxRetries: 0 }),
    // Not OpenAI's own host, so the field compatible servers know.
    maxTokensField: 'max_tokens',
    toolChoice: { auto: 'auto', none: 'none', required: 'required', add: { type: 'function', function: { name: 'add' } } },
    temperature: true,
    stopsOf: (body) => body.stop,
    extra: { fields: { seed: 42 }, read: (body) => body.seed },
    reserved: ['model', 'messages', 'tools', 'stream', 'stop', 'max_completion_tokens'],
    stopSequenceReason: 'end_turn'
  },
  {
    label: 'Google Gemini',
    create: (server) => new GoogleProvider({ apiKey: 'sk-test', baseURL: server.url, maxRetries: 0 }),
    maxTokensField: 'maxOutputTokens',
    toolChoice: {
      auto: { functionCallingConfig: { mode: 'AUTO' } },
      none: { functionCallingConfig: { mode: 'NONE' } },
      required: { functionCallingConfig: { mode: 'ANY' } },
      add: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['add'] } }
    },
    temperature: true,
    stopsOf: (body) => generationConfig(body).stopSequences,
    extra: { fields: { topK: 4 }, read: (body) => generationConfig(body).topK },
    reserved: ['model', 'contents', 'tools', 'systemInstruction', 'stopSequences', 'maxOutputTokens'],
    stopSequenceReason: 'end_turn',
    // Gemini nests sampling settings in `generationConfig` and names the tool choice `toolConfig`.
    settingsOf: (body) => {
      const generation = generationConfig(body)
      const settings = { maxOutputTokens: generation.maxOutputTokens, temperature: generation.temperature, tool_choice: body.toolConfig, tools: body.tools }
      return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined))
    }
  }
]

const add = createZodFunctionTool('add', 'Adds two numbers', z.object({ a: z.number(), b: z.number() }), async ({ a, b }) => ({ sum: a + b }))

let server: TFakeLlmServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const providerName = (surface: TSurface) => (surface.label.startsWith('OpenAI') ? 'openai' : surface.label.startsWith('Google') ? 'google' : 'anthropic')

async function makeAgent(surface: TSurface, turns: number, config: Partial<IAgentConfig> = {}) {
  server = await startFakeLlmServer({ turns: Array.from({ length: turns }, (_, index) => ({ text: `Answer ${index + 1}.` })) })
  const provider = surface.create(server)
  const agent = new Robota({ name: 'settings', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'test-model' }, tools: [add], ...config })
  return { agent, server }
}

describe.each(SURFACES)('$label', (surface) => {
  const body = (fake: TFakeLlmServer, index: number): Record<string, unknown> => {
    const sent = fake.requests[index]?.body as Record<string, unknown>
    return surface.settingsOf ? surface.settingsOf(sent) : sent
  }

  it('sends maxTokens from the agent config, and a run option beats it for that run only', async () => {
    const { agent, server: fake } = await makeAgent(surface, 3, { maxTokens: 321 })

    await agent.run('one')
    await agent.run('two', { maxTokens: 55 })
    await agent.run('three')

    expect(body(fake, 0)[surface.maxTokensField]).toBe(321)
    expect(body(fake, 1)[surface.maxTokensField]).toBe(55)
    expect(body(fake, 2)[surface.maxTokensField]).toBe(321)
  })

  it.each([['auto'], ['none'], ['required']] as const)('maps toolChoice %s from the agent config', async (choice) => {
    const { agent, server: fake } = await makeAgent(surface, 1, { toolChoice: choice })
    await agent.run('hi')
    expect(body(fake, 0).tool_choice).toEqual(surface.toolChoice[choice])
  })

  it('maps a named toolChoice given as a run option, and sends none when not asked', async () => {
    const { agent, server: fake } = await makeAgent(surface, 2)
    await agent.run('one', { toolChoice: { name: 'add' } })
    await agent.run('two')
    expect(body(fake, 0).tool_choice).toEqual(surface.toolChoice.add)
    expect(body(fake, 1)).not.toHaveProperty('tool_choice')
  })

  it('sends no tool_choice on the summary call the round cap forces, which carries no tools', async () => {
    server = await startFakeLlmServer({ turns: [{ text: 'Adding.', toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }] }, { text: 'It is 3.' }] })
    const provider = surface.create(server)
    const agent = new Robota({
      name: 'settings',
      aiProviders: [provider],
      defaultModel: { provider: provider.name, model: 'test-model' },
      tools: [add],
      maxExecutionRounds: 1,
      toolChoice: 'required'
    })

    expect((await agent.run('add 1 and 2')).response).toBe('It is 3.')
    expect(body(server, 0).tool_choice).toEqual(surface.toolChoice.required)
    expect(body(server, 1)).not.toHaveProperty('tool_choice')
    expect(body(server, 1)).not.toHaveProperty('tools')
  })

  if (surface.temperature) {
    it('sends temperature from the agent config, and a run option beats it', async () => {
      const { agent, server: fake } = await makeAgent(surface, 3, { temperature: 0.3 })
      await agent.run('one')
      await agent.run('two', { temperature: 0 })
      await agent.run('three')
      expect([body(fake, 0).temperature, body(fake, 1).temperature, body(fake, 2).temperature]).toEqual([0.3, 0, 0.3])
    })
  } else {
    it('refuses temperature with an error that says why, sending nothing, and the agent stays usable', async () => {
      const { agent, server: fake } = await makeAgent(surface, 1)

      const refused = await agent.run('one', { temperature: 0.3 })

      expect(refused.error).toMatchObject({ code: 'VALIDATION_ERROR' })
      expect(refused.error?.message).toMatch(/AnthropicProvider cannot send temperature.*no temperature field/)
      expect(fake.requests).toHaveLength(0)
      expect((await agent.run('two')).response).toBe('Answer 1.')
      expect(body(fake, 0)).not.toHaveProperty('temperature')
    })
  }

  const sent = (fake: TFakeLlmServer, index: number) => fake.requests[index]?.body as Record<string, unknown>
  const name = providerName(surface)

  if (surface.stopsOf) {
    const stopsOf = surface.stopsOf
    it('sends stopSequences from the agent config, a run option replaces them for that run only, and an empty list sends none', async () => {
      const { agent, server: fake } = await makeAgent(surface, 4, { stopSequences: ['END'] })
      await agent.run('one')
      await agent.run('two', { stopSequences: ['STOP', 'HALT'] })
      await agent.run('three')
      await agent.run('four', { stopSequences: [] })
      expect([0, 1, 2, 3].map((index) => stopsOf(sent(fake, index)))).toEqual([['END'], ['STOP', 'HALT'], ['END'], undefined])
    })
  } else {
    it('refuses stopSequences with a ConfigurationError naming the provider and the option, sending nothing', async () => {
      const { agent, server: fake } = await makeAgent(surface, 1, { stopSequences: ['END'] })

      const refused = await agent.run('one')

      expect(refused.error).toMatchObject({ code: 'CONFIGURATION_ERROR' })
      expect(refused.error?.message).toMatch(/OpenAIProvider cannot send stopSequences on the Responses API: it has no stop parameter/)
      expect(fake.requests).toHaveLength(0)
      expect((await agent.run('two', { stopSequences: [] })).response).toBe('Answer 1.')
    })
  }

  it('merges its own providerOptions entry into the request, a run field beating the agent one, and ignores other providers\' entries', async () => {
    const other = name === 'anthropic' ? 'openai' : 'anthropic'
    const { agent, server: fake } = await makeAgent(surface, 2, { providerOptions: { [name]: surface.extra.fields, [other]: { not_this_provider: true } } })
    const [[field, value]] = Object.entries(surface.extra.fields) as [[string, number]]

    await agent.run('one')
    await agent.run('two', { providerOptions: { [name]: { [field]: value + 1 } } })

    expect(surface.extra.read(sent(fake, 0))).toBe(value)
    expect(surface.extra.read(sent(fake, 1))).toBe(value + 1)
    expect(JSON.stringify(fake.requests.map((request) => request.body))).not.toContain('not_this_provider')
  })

  it.each(surface.reserved)('refuses providerOptions that would set %s, which Robota sets, naming it and sending nothing', async (key) => {
    const { agent, server: fake } = await makeAgent(surface, 1)

    const refused = await agent.run('one', { providerOptions: { [name]: { [key]: 'x' } } })

    expect(refused.error).toMatchObject({ code: 'CONFIGURATION_ERROR' })
    expect(refused.error?.message).toContain(`cannot take providerOptions.${name}.${key}: Robota sets \`${key}\` itself`)
    expect(fake.requests).toHaveLength(0)
  })

  it(`reports a reply ended by a stop sequence as ${surface.stopSequenceReason}`, async () => {
    server = await startFakeLlmServer({ turns: [{ text: 'Counting: 1, 2', stopSequence: '3' }] })
    const provider = surface.create(server)
    const agent = new Robota({ name: 'stops', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'test-model' } })
    const events: TExecutionEventEnvelope[] = []

    const result = await agent.run('count', { onExecutionEvent: (event) => void events.push(event) })

    const normalized = events.find((event) => event.type === 'provider_response_normalized')
    expect(result.response).toBe('Counting: 1, 2')
    expect((normalized?.data as { response: { stopReason?: string } }).response.stopReason).toBe(surface.stopSequenceReason)
  })

  it('takes stopSequences and providerOptions from the session settings file', async () => {
    server = await startFakeLlmServer({ turns: [{ text: 'Hello.' }] })
    const provider = surface.create(server)
    const settings = { model: 'test-model', ...(surface.stopsOf ? { stopSequences: ['END'] } : {}), providerOptions: { [name]: surface.extra.fields } }
    const sandbox = new InMemorySandboxClient({ files: { '.robota/settings.json': JSON.stringify(settings) }, cwd: '/workspace' })
    const session = new InteractiveSession({ provider, sandbox, cwd: '/workspace' })

    await session.submit('hi')

    const request = sent(server, 0)
    expect(surface.extra.read(request)).toBe(Object.values(surface.extra.fields)[0])
    if (surface.stopsOf) expect(surface.stopsOf(request)).toEqual(['END'])
  })
})

describe('session settings files', () => {
  it.each([
    [{ stopSequences: 'END' }, /settings\.json: stopSequences: /],
    [{ stopSequences: ['END', ''] }, /settings\.json: stopSequences\[1\]: a stop sequence may not be empty/],
    [{ providerOptions: ['anthropic'] }, /settings\.json: providerOptions: expected an object keyed by provider name/],
    [{ providerOptions: { anthropic: 'fast' } }, /settings\.json: providerOptions\.anthropic: expected an object of request fields/]
  ])('refuses %o with the file and the field named', async (settings, message) => {
    const provider = new AnthropicProvider({ apiKey: 'sk-test', baseURL: 'http://127.0.0.1:9', maxRetries: 0 })
    const sandbox = new InMemorySandboxClient({ files: { '.robota/settings.json': JSON.stringify(settings) }, cwd: '/workspace' })
    const session = new InteractiveSession({ provider, sandbox, cwd: '/workspace' })
    await expect(session.ready()).rejects.toThrow(message)
  })
})
