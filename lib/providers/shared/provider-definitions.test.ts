import { describe, expect, it } from 'vitest'
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
