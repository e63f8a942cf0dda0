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
  ])('%s with no options asks for a key, with no TypeError', (_name, create, message) => {
    expect(create).toThrow(ConfigurationError)
    expect(create).toThrow(message)
  })

  it('refuses an OpenAI API surface it does not speak, naming the two it does', () => {
    const create = () => new OpenAIProvider({ apiKey: 'sk-test', apiSurface: 'chat' as never })
    expect(create).toThrow(ConfigurationError)
    expect(create).toThrow(`OpenAIProvider apiSurface must be 'responses' or 'chat-completions'; got "chat".`)
  })
})
