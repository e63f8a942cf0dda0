import { describe, expect, it } from 'vitest'
import type { IAIProvider } from './provider.ts'
import {
  findProviderDefinition,
  formatSupportedProviderTypes,
  type IProviderConfig,
  type IProviderDefinition
} from './provider-definition.ts'

function fakeProvider(name: string): IAIProvider {
  return {
    name,
    supportsTools: () => true,
    chat: async () => ({ id: 'm', role: 'assistant', state: 'complete', timestamp: 0, content: '' })
  }
}

function definition(type: string, aliases?: string[]): IProviderDefinition {
  return {
    type,
    ...(aliases ? { aliases } : {}),
    createProvider: (config) => fakeProvider(`${type}:${config.model ?? ''}`)
  }
}

const anthropic = definition('anthropic', ['claude'])
const openai = definition('openai', ['oai', 'OpenAI-Compatible'])
const scripted = definition('Scripted')
const definitions = [anthropic, openai, scripted]

describe('findProviderDefinition', () => {
  it.each<[string, IProviderDefinition | undefined]>([
    ['anthropic', anthropic],
    ['ANTHROPIC', anthropic],
    ['claude', anthropic],
    ['Claude', anthropic],
    ['openai', openai],
    ['oai', openai],
    ['openai-compatible', openai],
    ['scripted', scripted],
    ['  openai  ', openai],
    ['gemini', undefined],
    ['', undefined],
    ['anthro', undefined]
  ])('%j → %s', (typeOrAlias, expected) => {
    expect(findProviderDefinition(definitions, typeOrAlias)).toBe(expected)
  })

  it('returns the first match when two definitions claim a name', () => {
    const shadow = definition('claude')
    expect(findProviderDefinition([anthropic, shadow], 'claude')).toBe(anthropic)
    expect(findProviderDefinition([shadow, anthropic], 'claude')).toBe(shadow)
  })

  it('finds nothing in an empty list', () => {
    expect(findProviderDefinition([], 'anthropic')).toBeUndefined()
  })

  it('hands the found definition the config to build a provider', () => {
    const config: IProviderConfig = { type: 'openai', model: 'gpt-4.1', apiKey: '$ENV:OPENAI_API_KEY' }
    expect(findProviderDefinition(definitions, 'oai')?.createProvider(config).name).toBe('openai:gpt-4.1')
  })
})

describe('formatSupportedProviderTypes', () => {
  it.each<[string, IProviderDefinition[], string]>([
    ['lists types in order', [definition('anthropic'), definition('openai')], 'anthropic, openai'],
    ['adds aliases after their type', [definition('anthropic'), definition('openai', ['oai'])], 'anthropic, openai (aliases: oai)'],
    ['joins several aliases', [definition('openai', ['oai', 'gpt'])], 'openai (aliases: oai, gpt)'],
    ['treats an empty alias list as none', [definition('openai', [])], 'openai'],
    ['says when there are none', [], '(none)']
  ])('%s', (_label, input, expected) => {
    expect(formatSupportedProviderTypes(input)).toBe(expected)
  })
})
