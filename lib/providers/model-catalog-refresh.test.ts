import { afterEach, describe, expect, it } from 'vitest'
import type { IProviderDefinition } from '../core/provider-definition.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import { anthropicProviderDefinition } from './anthropic/anthropic-provider-definition.ts'
import { googleProviderDefinition } from './google/google-provider-definition.ts'
import { openaiProviderDefinition } from './openai/openai-provider-definition.ts'

const API_KEY = 'sk-catalog-test'

let server: TFakeLlmServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const DEFINITIONS: Array<{ label: string; definition: IProviderDefinition; baseURL: (fake: TFakeLlmServer) => string; known: string; path: string }> = [
  { label: 'anthropic', definition: anthropicProviderDefinition, baseURL: (fake) => fake.url, known: 'claude-sonnet-4-6', path: '/v1/models' },
  { label: 'openai', definition: openaiProviderDefinition, baseURL: (fake) => fake.openaiBaseURL, known: 'gpt-4o-mini', path: '/v1/models' },
  { label: 'google', definition: googleProviderDefinition, baseURL: (fake) => fake.url, known: 'gemini-2.5-flash', path: '/v1beta/models' }
]

describe.each(DEFINITIONS)('$label model catalog', ({ definition, baseURL, known, path }) => {
  it('refreshes from the SDK’s list-models call: live entries, with the table’s numbers for a model it knows', async () => {
    server = await startFakeLlmServer({ apiKey: API_KEY, models: [known, 'brand-new-model'] })
    const catalog = await definition.refreshModelCatalog?.({ config: { type: definition.type, apiKey: API_KEY, baseURL: baseURL(server) } })
    expect(catalog?.status).toBe('live')
    expect(catalog?.entries?.map((entry) => entry.id)).toEqual([known, 'brand-new-model'])
    const table = definition.modelCatalog?.entries?.find((entry) => entry.id === known)
    expect(catalog?.entries?.[0]?.contextWindow).toBe(table?.contextWindow ?? expect.any(Number))
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET ${path}`])
  })

  it('falls back to the static table, saying why, when the listing fails', async () => {
    server = await startFakeLlmServer({ apiKey: 'another-key' })
    const catalog = await definition.refreshModelCatalog?.({ config: { type: definition.type, apiKey: API_KEY, baseURL: baseURL(server) } })
    expect(catalog?.status).toBe('fallback')
    expect(catalog?.entries).toEqual(definition.modelCatalog?.entries)
    expect(catalog?.message).toMatch(/Could not list the models \(.*(key|API).*\); showing the built-in list\./i)
    expect(catalog?.message).not.toContain(API_KEY)
  })

  it('probe says whether the key works, with the models it saw', async () => {
    server = await startFakeLlmServer({ apiKey: API_KEY, models: [known] })
    const url = baseURL(server)
    await expect(definition.probe?.({ type: definition.type, apiKey: API_KEY, baseURL: url })).resolves.toEqual({ ok: true, message: 'The key works: 1 models available.', models: [known] })
    const refused = await definition.probe?.({ type: definition.type, apiKey: 'wrong-key', baseURL: url })
    expect(refused).toMatchObject({ ok: false })
    expect(refused?.message).not.toContain('wrong-key')
  })

  it('probe without a key says so instead of calling anything', async () => {
    server = await startFakeLlmServer({})
    const result = await definition.probe?.({ type: definition.type, baseURL: baseURL(server) })
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/needs an apiKey/) })
    expect(server.requests).toHaveLength(0)
  })
})
