import { describe, expect, it } from 'vitest'
import { ConfigurationError } from '../core/errors.ts'
import { AnthropicProvider } from './anthropic/anthropic-provider.ts'
import { GoogleProvider } from './google/google-provider.ts'
import { OpenAIProvider } from './openai/openai-provider.ts'

// Callers without types may leave the options out or misspell a value: each says what it needs.
describe('provider options', () => {
  it.each([
    ['OpenAIProvider', () => new (OpenAIProvider as unknown as new () => unknown)(), 'OpenAIProvider needs an apiKey (or a client).'],
    ['AnthropicProvider', () => new (AnthropicProvider as unknown as new () => unknown)(), 'AnthropicProvider needs an apiKey (or a client).'],
    ['GoogleProvider', () => new (GoogleProvider as unknown as new () => unknown)(), 'GoogleProvider needs an apiKey (or a client).']
  ])('%s with no options asks for a key, with no TypeError, and says in its details that the key is what is missing', (_name, create, message) => {
    expect(create).toThrow(ConfigurationError)
    expect(create).toThrow(message)
    // An agent host tells a key the page has yet to give again from a mistake in the app's factory by this.
    expect(() => create()).toThrow(expect.objectContaining({ details: expect.objectContaining({ missing: 'apiKey' }) }))
  })

  it.each([
    ['AnthropicProvider', 'Anthropic', (baseURL: string) => new AnthropicProvider({ apiKey: 'sk-test', baseURL })],
    ['OpenAIProvider', 'OpenAI', (baseURL: string) => new OpenAIProvider({ apiKey: 'sk-test', baseURL })],
    ['GoogleProvider', 'Google', (baseURL: string) => new GoogleProvider({ apiKey: 'sk-test', baseURL })]
  ])('%s refuses a baseURL that is empty or no absolute http(s) URL as it is built, not at its first call', (name, vendor, create) => {
    expect(() => create('')).toThrow(ConfigurationError)
    expect(() => create('')).toThrow(`${name} options.baseURL is empty: leave it out to use ${vendor}'s API, or give the proxy's absolute http(s) URL, such as https://proxy.example.com.`)
    expect(() => create('/api/llm/anthropic')).toThrow(ConfigurationError)
    expect(() => create('localhost:8080')).toThrow(`${name} options.baseURL must be an absolute http(s) URL, such as https://proxy.example.com; got "localhost:8080".`)
    expect(() => create('http://127.0.0.1:8080/v1')).not.toThrow()
  })

  it('does not echo a baseURL that cannot be a host, since it may be a key put in the wrong option', () => {
    const create = () => new OpenAIProvider({ apiKey: 'x', baseURL: 'sk-test-SECRET123' })
    expect(create).toThrow(
      'OpenAIProvider options.baseURL must be an absolute http(s) URL, such as https://proxy.example.com; got 17 characters that are not a URL (not shown, in case it is a key).'
    )
    expect(create).not.toThrow(/SECRET/)
  })

  it.each([
    ['ftp://user:sk-test-SECRET123@proxy.example.com/', '"ftp://…@proxy.example.com/"'],
    ['user:sk-test-SECRET123@localhost:8080', '"…@localhost:8080"']
  ])('echoes a baseURL that is no http(s) URL without the user and password before its @: %s', (baseURL, shown) => {
    const create = () => new OpenAIProvider({ apiKey: 'x', baseURL })
    expect(create).toThrow(`OpenAIProvider options.baseURL must be an absolute http(s) URL, such as https://proxy.example.com; got ${shown}.`)
    expect(create).not.toThrow(/SECRET/)
  })

  it('refuses an OpenAI API surface it does not speak, naming the two it does', () => {
    const create = () => new OpenAIProvider({ apiKey: 'sk-test', apiSurface: 'chat' as never })
    expect(create).toThrow(ConfigurationError)
    expect(create).toThrow(`OpenAIProvider apiSurface must be 'responses' or 'chat-completions'; got "chat".`)
  })
})
