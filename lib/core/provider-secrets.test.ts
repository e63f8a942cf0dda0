import { describe, expect, it } from 'vitest'
import { ConfigurationError } from './errors.ts'
import { getProviderSecrets } from './provider-secrets.ts'

describe('getProviderSecrets', () => {
  it('returns what getSecrets() names, and none for a provider without it', () => {
    expect(getProviderSecrets({ name: 'p', getSecrets: () => ['sk-test-SECRET123'] })).toEqual(['sk-test-SECRET123'])
    expect(getProviderSecrets({ name: 'p' })).toEqual([])
  })

  it.each([
    ['a string', () => 'sk-test-SECRET123', 'got string'],
    ['an object', () => ({ apiKey: 'sk-test-SECRET123' }), 'got object'],
    ['an array with a number', () => ['sk-test-SECRET123', 42], 'got one holding other values']
  ])('refuses %s, naming the provider and never showing the values', (_label, getSecrets, got) => {
    const read = () => getProviderSecrets({ name: 'custom', getSecrets: getSecrets as never })
    expect(read).toThrow(ConfigurationError)
    expect(read).toThrow(`The provider "custom": getSecrets() must return an array of strings; ${got}.`)
    expect(read).not.toThrow(/SECRET123/)
  })
})
