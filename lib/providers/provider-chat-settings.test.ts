import * as z from 'zod'
import { afterEach, describe, expect, it } from 'vitest'
import type { IAIProvider } from '../core/provider.ts'
import { Robota, type IAgentConfig } from '../core/robota.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import { createZodFunctionTool } from '../tools/function-tool.ts'
import { AnthropicProvider } from './anthropic/anthropic-provider.ts'
import { GoogleProvider } from './google/google-provider.ts'
import { OpenAIProvider } from './openai/openai-provider.ts'

// maxTokens, temperature and toolChoice set on the agent or on one run reach the wire: what the
// fake server recorded is what each API expects, through the real SDKs.

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
}

const SURFACES: TSurface[] = [
  {
    label: 'Anthropic Messages',
    create: (server) => new AnthropicProvider({ apiKey: 'sk-test', baseURL: server.url, maxRetries: 0 }),
    maxTokensField: 'max_tokens',
    toolChoice: { auto: { type: 'auto' }, none: { type: 'none' }, required: { type: 'any' }, add: { type: 'tool', name: 'add' } },
    temperature: false
  },
  {
    label: 'OpenAI Responses',
    create: (server) => new OpenAIProvider({ apiKey: 'sk-test', baseURL: server.openaiBaseURL, apiSurface: 'responses', maxRetries: 0 }),
    maxTokensField: 'max_output_tokens',
    toolChoice: { auto: 'auto', none: 'none', required: 'required', add: { type: 'function', name: 'add' } },
    temperature: true
  },
  {
    label: 'OpenAI Chat Completions',
    create: (server) => new OpenAIProvider({ apiKey: 'sk-test', baseURL: server.openaiBaseURL, apiSurface: 'chat-completions', maxRetries: 0 }),
    // Not OpenAI's own host, so the field compatible servers know.
    maxTokensField: 'max_tokens',
    toolChoice: { auto: 'auto', none: 'none', required: 'required', add: { type: 'function', function: { name: 'add' } } },
    temperature: true
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
    // Gemini nests sampling settings in `generationConfig` and names the tool choice `toolConfig`.
    settingsOf: (body) => {
      const generation = (body.generationConfig ?? {}) as Record<string, unknown>
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
})
