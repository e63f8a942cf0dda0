import { describe, expect, it } from 'vitest'
import { anthropicProviderDefinition } from '../../lib/providers/anthropic/anthropic-provider-definition.ts'
import { googleProviderDefinition } from '../../lib/providers/google/google-provider-definition.ts'
import { openaiProviderDefinition } from '../../lib/providers/openai/openai-provider-definition.ts'
import { resolveProviderConfig } from './resolve-provider-config.ts'

const definitions = [anthropicProviderDefinition, openaiProviderDefinition, googleProviderDefinition]

describe('resolveProviderConfig', () => {
  it('takes flags over the environment over the settings over the default', () => {
    const settings = { provider: { name: 'openai', model: 'from-settings', baseURL: 'http://settings.test/v1', apiKey: 'settings-key' } }
    expect(resolveProviderConfig(definitions, {}, {}, settings).config).toEqual({
      type: 'openai',
      model: 'from-settings',
      apiKey: 'settings-key',
      baseURL: 'http://settings.test/v1'
    })
    const env = { OPENAI_API_KEY: 'env-key', ROBOTA_MODEL: 'from-env', OPENAI_BASE_URL: 'http://env.test/v1' }
    expect(resolveProviderConfig(definitions, {}, env, settings).config).toEqual({ type: 'openai', model: 'from-env', apiKey: 'env-key', baseURL: 'http://env.test/v1' })
    expect(resolveProviderConfig(definitions, { model: 'from-flag', baseURL: 'http://flag.test/v1' }, env, settings).config).toMatchObject({
      model: 'from-flag',
      baseURL: 'http://flag.test/v1'
    })
  })

  it('picks the provider whose key is set when none is named, with its default model', () => {
    expect(resolveProviderConfig(definitions, {}, { GEMINI_API_KEY: 'g' }, {}).config).toEqual({ type: 'google', model: 'gemini-2.5-flash', apiKey: 'g' })
    expect(resolveProviderConfig(definitions, { provider: 'claude' }, { ANTHROPIC_API_KEY: 'a', GEMINI_API_KEY: 'g' }, { model: 'claude-opus-4-1' }).config).toEqual({
      type: 'anthropic',
      model: 'claude-opus-4-1',
      apiKey: 'a'
    })
  })

  it('does not hand one provider the settings of another', () => {
    const settings = { provider: { name: 'openai', apiKey: 'openai-key', baseURL: 'http://openai.test/v1' } }
    expect(() => resolveProviderConfig(definitions, { provider: 'anthropic' }, {}, settings)).toThrow(/Anthropic provider needs an API key: set ANTHROPIC_API_KEY/)
  })
})
