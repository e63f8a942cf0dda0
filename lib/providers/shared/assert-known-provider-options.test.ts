import { describe, expect, it } from 'vitest'
import { assertKnownKeys } from '../../core/assert-known-keys.ts'
import { assertKnownProviderOptions } from './assert-known-provider-options.ts'

type TOptions = { apiKey?: string; baseURL?: string }
const KEYS = ['apiKey', 'baseURL'] as const

function messageOf(check: () => void): string {
  try {
    check()
  } catch (error) {
    return (error as Error).message
  }
  return 'no error'
}

describe('assertKnownProviderOptions', () => {
  it('leaves options that are not an object to the constructor', () => {
    for (const options of [undefined, null, 'sk-key']) expect(() => assertKnownProviderOptions('FakeProvider', options as TOptions, KEYS)).not.toThrow()
  })

  // It repeats assertKnownKeys rather than importing it (see its comment): the two must read alike.
  it.each([
    ['one unknown key', { apiKey: 'k', retries: 1 }, {}],
    ['a common slip and the provider\'s own', { baseUrl: 'http://proxy.test', webSearch: true }, { webSearch: 'web search is `enableWebTools`' }]
  ])('words %s as assertKnownKeys does', (_, options, hints) => {
    const mine = messageOf(() => assertKnownProviderOptions('FakeProvider', options as TOptions, KEYS, hints))
    const core = messageOf(() => assertKnownKeys('new FakeProvider(options)', options, KEYS, { baseUrl: 'the base URL is `baseURL`', ...hints }))
    expect(mine).toBe(core)
  })

  it('names options of the SDK\'s client once, with where they go', () => {
    const message = messageOf(() => assertKnownProviderOptions('FakeProvider', { apiKey: 'k', timeout: 1, defaultHeaders: {} } as TOptions, KEYS))
    expect(message).toBe(
      'new FakeProvider(options): unknown option "timeout", "defaultHeaders" (an option of the SDK\'s client: build the client with it and pass it as `client`); it takes apiKey, baseURL.'
    )
  })

  it.each([
    ['a key that is no string', { apiKey: 12345 }, 'new FakeProvider(options): apiKey must be a string; got number.'],
    ['retries without end', { apiKey: 'k', maxRetries: -1 }, 'new FakeProvider(options): maxRetries must be a whole number of 0 or more; got -1.'],
    ['retries as text', { apiKey: 'k', maxRetries: '5' }, 'new FakeProvider(options): maxRetries must be a whole number of 0 or more; got "5".'],
    ['part of a retry', { apiKey: 'k', maxRetries: 1.5 }, 'new FakeProvider(options): maxRetries must be a whole number of 0 or more; got 1.5.']
  ])('refuses %s, naming the option and never the key', (_, options, message) => {
    expect(messageOf(() => assertKnownProviderOptions('FakeProvider', options as TOptions, ['apiKey', 'maxRetries'] as never))).toBe(message)
  })
})
