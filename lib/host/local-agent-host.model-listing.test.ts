import { afterEach, describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { CLAUDE_MODELS, GEMINI_MODELS, OPENAI_MODELS } from '../core/context/models.ts'
import { ConfigurationError } from '../core/errors.ts'
import type { IAIProvider } from '../core/provider.ts'
import { AnthropicProvider } from '../providers/anthropic/anthropic-provider.ts'
import { GoogleProvider } from '../providers/google/google-provider.ts'
import { OpenAIProvider } from '../providers/openai/openai-provider.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import type { TProviderChoice } from './agent-host.ts'
import { LocalAgentHost } from './local-agent-host.ts'

// listModels(choice) builds the provider the choice names, as a session would, and lists its
// models through the real SDK against the fake server; a failed listing is the built-in table.

const KEY = 'sk-listing-key-0123456789abcdef'

let server: TFakeLlmServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

function makeHost(): LocalAgentHost {
  const createProvider = (choice: TProviderChoice): IAIProvider => {
    const common = { apiKey: choice.apiKey ?? '', ...(choice.baseURL ? { baseURL: choice.baseURL } : {}), maxRetries: 0 }
    if (choice.kind === 'anthropic') return new AnthropicProvider(common)
    if (choice.kind === 'openai') return new OpenAIProvider(common)
    if (choice.kind === 'google') return new GoogleProvider(common)
    if (choice.kind === 'scripted') return new ScriptedProvider([])
    throw new ConfigurationError(`No provider of kind "${choice.kind}" here.`)
  }
  return new LocalAgentHost({
    store: new MemorySessionStore(),
    createSandbox: () => new InMemorySandboxClient(),
    createProvider,
    defaultProvider: { kind: 'scripted', model: 'scripted-model' }
  })
}

const KINDS = [
  { kind: 'anthropic', model: 'claude-sonnet-4-6', baseURL: (fake: TFakeLlmServer) => fake.url, table: CLAUDE_MODELS },
  { kind: 'openai', model: 'gpt-4o-mini', baseURL: (fake: TFakeLlmServer) => fake.openaiBaseURL, table: OPENAI_MODELS },
  { kind: 'google', model: 'gemini-2.5-flash', baseURL: (fake: TFakeLlmServer) => fake.url, table: GEMINI_MODELS }
]

describe.each(KINDS)('LocalAgentHost.listModels: $kind', ({ kind, model, baseURL, table }) => {
  it('lists the live models with the table\'s numbers for a model it knows', async () => {
    server = await startFakeLlmServer({ apiKey: KEY, models: [model, 'brand-new-model'] })

    const listing = await makeHost().listModels({ kind, model, apiKey: KEY, baseURL: baseURL(server) })

    expect(listing.status).toBe('live')
    expect(listing.models.map((entry) => entry.id)).toEqual([model, 'brand-new-model'])
    expect(listing.models[0]?.contextWindow).toBe(table[model]?.contextWindow)
    expect(listing.models[1]?.displayName).toBeTruthy()
    expect(server.requests.filter((request) => request.method === 'GET')).toHaveLength(1)
  })

  it('falls back to the built-in table with the reason, the key cut from it, when the key is refused', async () => {
    server = await startFakeLlmServer({ apiKey: 'another-key-0123456789abcdef' })

    const listing = await makeHost().listModels({ kind, model, apiKey: KEY, baseURL: baseURL(server) })

    expect(listing.status).toBe('fallback')
    expect(listing.models.map((entry) => entry.id)).toEqual(Object.keys(table))
    expect(listing.message).toMatch(/^Could not list the models \(.+\); showing the built-in list\.$/)
    expect(JSON.stringify(listing)).not.toContain(KEY)
  })
})

describe('LocalAgentHost.listModels: bad input', () => {
  it('answers a provider that lists nothing with an empty fallback saying so', async () => {
    const listing = await makeHost().listModels({ kind: 'scripted', model: 'scripted-model' })
    expect(listing).toEqual({ status: 'fallback', models: [], message: 'The scripted provider does not list its models; showing the built-in list.' })
  })

  it.each([
    ['no choice', undefined, 'VALIDATION_ERROR', /listModels\(\): the provider choice must be an object with a "kind"/],
    ['an empty kind', { kind: ' ', model: 'x' }, 'VALIDATION_ERROR', /must be an object with a "kind"/],
    ['a kind the host lacks', { kind: 'mistral', model: 'x' }, 'CONFIGURATION_ERROR', /No provider of kind "mistral"/]
  ])('refuses %s', async (_name, choice, code, message) => {
    await expect(makeHost().listModels(choice as never)).rejects.toMatchObject({ code, message: expect.stringMatching(message) })
  })
})
