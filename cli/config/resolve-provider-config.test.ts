import { describe, expect, it } from 'vitest'
import { ConfigurationError } from '../../lib/core/errors.ts'
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

  it.each([
    { name: 'anthropic', keyVariable: 'ANTHROPIC_API_KEY', baseURLVariable: 'ANTHROPIC_BASE_URL' },
    { name: 'openai', keyVariable: 'OPENAI_API_KEY', baseURLVariable: 'OPENAI_BASE_URL' },
    { name: 'google', keyVariable: 'GEMINI_API_KEY', baseURLVariable: 'GEMINI_BASE_URL' }
  ])('reads an empty variable as unset, so the settings of $name still apply, the proxy URL first', ({ name, keyVariable, baseURLVariable }) => {
    const settings = { model: 'from-settings', provider: { name, apiKey: 'settings-key', baseURL: 'http://proxy.test/v1' } }
    for (const empty of ['', '  ']) {
      const env = { [keyVariable]: empty, [baseURLVariable]: empty, ROBOTA_PROVIDER: empty, ROBOTA_MODEL: empty }
      expect(resolveProviderConfig(definitions, {}, env, settings).config).toEqual({
        type: name,
        model: 'from-settings',
        apiKey: 'settings-key',
        baseURL: 'http://proxy.test/v1'
      })
    }
  })

  it('does not take an empty key variable for a key', () => {
    expect(() => resolveProviderConfig(definitions, {}, { ANTHROPIC_API_KEY: '' }, {})).toThrow(/No provider is configured/)
  })

  it.each([
    { flags: {}, env: { ANTHROPIC_BASE_URL: 'localhost:8080' }, error: 'ANTHROPIC_BASE_URL must be an absolute http(s) URL, such as https://proxy.example.com; got "localhost:8080".' },
    { flags: { baseURL: '' }, env: {}, error: "--base-url is empty: leave it out to use Anthropic's API, or give the proxy's absolute http(s) URL, such as https://proxy.example.com." },
    { flags: { baseURL: '/api/llm' }, env: {}, error: '--base-url must be an absolute http(s) URL, such as https://proxy.example.com; got "/api/llm".' },
    // No '.', ':' or '/': it cannot be a host and may be a key typed after the wrong flag, so it is not printed.
    { flags: { baseURL: 'sk-ant-SECRET123' }, env: {}, error: '--base-url must be an absolute http(s) URL, such as https://proxy.example.com; got 16 characters that are not a URL (not shown, in case it is a key).' }
  ])('refuses a base URL that is not an http(s) URL, naming where it came from: $error', ({ flags, env, error }) => {
    // The providers' own wording (see describeBaseURLProblem), with this source in front.
    const resolve = () => resolveProviderConfig(definitions, flags, { ANTHROPIC_API_KEY: 'k', ...env }, {})
    expect(resolve).toThrow(ConfigurationError)
    expect(resolve).toThrow(error)
  })

  it('takes the SDK retries from the flag over the settings of the same provider', () => {
    const settings = { provider: { name: 'anthropic', maxRetries: 5 } }
    const env = { ANTHROPIC_API_KEY: 'k' }
    expect(resolveProviderConfig(definitions, {}, env, settings).config.maxRetries).toBe(5)
    expect(resolveProviderConfig(definitions, { maxRetries: 0 }, env, settings).config.maxRetries).toBe(0)
    expect(resolveProviderConfig(definitions, { provider: 'google' }, { GEMINI_API_KEY: 'g' }, settings).config).not.toHaveProperty('maxRetries')
  })
})
