import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigurationError } from '../../core/errors.ts'
import { createUserMessage } from '../../core/messages.ts'
import { findProviderDefinition, formatSupportedProviderTypes } from '../../core/provider-definition.ts'
import { getProviderCapabilities } from '../../core/provider-capabilities.ts'
import { anthropicProviderDefinition } from '../anthropic/anthropic-provider-definition.ts'
import { AnthropicProvider } from '../anthropic/anthropic-provider.ts'
import { googleProviderDefinition } from '../google/google-provider-definition.ts'
import { GoogleProvider } from '../google/google-provider.ts'
import { openaiProviderDefinition } from '../openai/openai-provider-definition.ts'
import { OpenAIProvider } from '../openai/openai-provider.ts'

const definitions = [anthropicProviderDefinition, openaiProviderDefinition, googleProviderDefinition]

describe('provider definitions', () => {
  it.each([
    ['anthropic', AnthropicProvider],
    ['Claude', AnthropicProvider],
    ['openai', OpenAIProvider],
    ['openai-compatible', OpenAIProvider],
    ['google', GoogleProvider],
    ['Gemini', GoogleProvider]
  ])('%s resolves to a definition that builds the right provider', (type, providerClass) => {
    const definition = findProviderDefinition(definitions, type)
    expect(definition?.createProvider({ type: definition.type, apiKey: 'sk-test', baseURL: 'http://127.0.0.1:9/v1' })).toBeInstanceOf(providerClass)
  })

  it.each(definitions)('$type names its key, help links and a fallback catalog from the model table', (definition) => {
    expect(definition.credentialRequirement?.anyOf).toEqual(['apiKey'])
    expect(definition.setupHelpLinks?.map((link) => link.kind)).toEqual(['api-key', 'console', 'official'])
    expect(definition.modelCatalog?.status).toBe('fallback')
    const entries = definition.modelCatalog?.entries ?? []
    expect(entries.length).toBeGreaterThan(2)
    expect(entries.some((entry) => entry.id === definition.defaults?.model)).toBe(true)
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length)
  })

  it('folds dated snapshot ids into the model they pin', () => {
    const sonnet = anthropicProviderDefinition.modelCatalog?.entries?.find((entry) => entry.id === 'claude-sonnet-4-5')
    expect(sonnet?.aliases).toContain('claude-sonnet-4-5-20250929')
  })

  it('lists the supported types for error messages', () => {
    expect(formatSupportedProviderTypes(definitions)).toMatch(/anthropic.*claude.*openai.*google.*gemini/)
  })

  it('reports function calling, and web search as supported but off until enabled', () => {
    const capabilities = getProviderCapabilities(new AnthropicProvider({ apiKey: 'sk-test' }))
    expect(capabilities.functionCalling).toBe(true)
    expect(capabilities.nativeWebTools.webSearch).toMatchObject({ supported: true, enabled: false })
    expect(capabilities.nativeWebTools.webFetch).toMatchObject({ supported: false, enabled: false })
    expect(getProviderCapabilities(new AnthropicProvider({ apiKey: 'sk-test', enableWebTools: true })).nativeWebTools.webSearch.enabled).toBe(true)
  })
})

describe('provider definitions: the config’s baseURL', () => {
  it.each([
    [anthropicProviderDefinition, "anthropic provider config.baseURL is empty: leave it out to use Anthropic's API, or give the proxy's absolute http(s) URL, such as https://proxy.example.com."],
    [openaiProviderDefinition, "openai provider config.baseURL is empty: leave it out to use OpenAI's API, or give the proxy's absolute http(s) URL, such as https://proxy.example.com."],
    [googleProviderDefinition, "google provider config.baseURL is empty: leave it out to use Google's API, or give the proxy's absolute http(s) URL, such as https://proxy.example.com."]
  ])('%o refuses an empty baseURL rather than sending the key to the vendor’s API', (definition, message) => {
    const build = () => definition.createProvider({ type: definition.type, apiKey: 'sk-test', baseURL: '' })
    expect(build).toThrow(ConfigurationError)
    expect(build).toThrow(message)
  })

  it.each(definitions)('$type refuses a baseURL that is no absolute http(s) URL, naming the config field', (definition) => {
    expect(() => definition.createProvider({ type: definition.type, apiKey: 'sk-test', baseURL: '/api/llm' })).toThrow(
      `${definition.type} provider config.baseURL must be an absolute http(s) URL, such as https://proxy.example.com; got "/api/llm".`
    )
  })
})

describe('provider definitions: the config’s timeout and retries', () => {
  let server: Server | undefined
  afterEach(() => {
    server?.closeAllConnections()
    server?.close()
    server = undefined
  })

  it.each(definitions)('$type gives up on a server that never answers once config.timeout has passed', async (definition) => {
    const silent = createServer(() => undefined)
    server = silent
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const baseURL = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`
    const provider = definition.createProvider({ type: definition.type, apiKey: 'sk-test', baseURL, timeout: 200, maxRetries: 0 })
    await expect(provider.chat([createUserMessage('Hello')], { model: definition.defaults?.model ?? 'some-model' })).rejects.toThrow()
  })

  it.each([
    [AnthropicProvider, { maxRetries: -1 }, 'new AnthropicProvider(options): maxRetries must be a whole number of 0 or more; got -1.'],
    [OpenAIProvider, { maxRetries: 1.5 }, 'new OpenAIProvider(options): maxRetries must be a whole number of 0 or more; got 1.5.'],
    [GoogleProvider, { timeout: 0 }, 'new GoogleProvider(options): timeout must be a positive number of milliseconds; got 0.'],
    [AnthropicProvider, { timeout: '30s' }, 'new AnthropicProvider(options): timeout must be a positive number of milliseconds; got "30s".']
  ])('%o refuses %o as it is built', (providerClass, limits, message) => {
    expect(() => new providerClass({ apiKey: 'sk-test', ...(limits as object) })).toThrow(message)
  })
})
