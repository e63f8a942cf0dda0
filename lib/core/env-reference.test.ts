import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ENV_REFERENCE_PREFIX,
  formatEnvReference,
  hasUsableSecretReference,
  isEnvReference,
  resolveEnvReference,
  type TEnvironmentRecord
} from './env-reference.ts'

const env: TEnvironmentRecord = { ANTHROPIC_API_KEY: 'sk-ant-123', EMPTY: '', UNSET: undefined }

describe('isEnvReference', () => {
  it.each<[unknown, boolean]>([
    ['$ENV:ANTHROPIC_API_KEY', true],
    ['$ENV:', true],
    ['sk-ant-123', false],
    ['ENV:KEY', false],
    ['$env:KEY', false],
    [' $ENV:KEY', false],
    [undefined, false],
    [42, false]
  ])('%j → %s', (value, expected) => {
    expect(isEnvReference(value)).toBe(expected)
  })
})

describe('formatEnvReference', () => {
  it.each([
    ['OPENAI_API_KEY', '$ENV:OPENAI_API_KEY'],
    ['E2B_API_KEY', '$ENV:E2B_API_KEY']
  ])('%s → %s', (name, expected) => {
    expect(formatEnvReference(name)).toBe(expected)
    expect(formatEnvReference(name).startsWith(ENV_REFERENCE_PREFIX)).toBe(true)
  })

  it('round-trips through resolveEnvReference', () => {
    expect(resolveEnvReference(formatEnvReference('ANTHROPIC_API_KEY'), env)).toBe('sk-ant-123')
  })
})

describe('resolveEnvReference', () => {
  it.each<[string, string | undefined]>([
    ['$ENV:ANTHROPIC_API_KEY', 'sk-ant-123'],
    ['$ENV: ANTHROPIC_API_KEY ', 'sk-ant-123'],
    ['$ENV:MISSING', undefined],
    ['$ENV:UNSET', undefined],
    ['$ENV:EMPTY', undefined],
    ['$ENV:', undefined],
    ['$ENV:   ', undefined],
    ['sk-literal', 'sk-literal'],
    ['', '']
  ])('%j → %j', (value, expected) => {
    expect(resolveEnvReference(value, env)).toBe(expected)
  })
})

describe('hasUsableSecretReference', () => {
  it.each<[string | undefined, boolean]>([
    ['$ENV:ANTHROPIC_API_KEY', true],
    ['sk-literal', true],
    ['$ENV:MISSING', false],
    ['$ENV:EMPTY', false],
    ['$ENV:', false],
    ['', false],
    [undefined, false]
  ])('%j → %s', (value, expected) => {
    expect(hasUsableSecretReference(value, env)).toBe(expected)
  })
})

describe('the default environment', () => {
  const name = 'ROBOTA_ENV_REFERENCE_TEST'
  afterEach(() => {
    delete process.env[name]
  })

  it('is read from process.env at call time in Node', () => {
    expect(resolveEnvReference(`$ENV:${name}`)).toBeUndefined()
    process.env[name] = 'from-node'
    expect(resolveEnvReference(`$ENV:${name}`)).toBe('from-node')
    expect(hasUsableSecretReference(`$ENV:${name}`)).toBe(true)
  })

  it('is ignored when an env record is injected', () => {
    process.env[name] = 'from-node'
    expect(resolveEnvReference(`$ENV:${name}`, {})).toBeUndefined()
  })

  it('is empty where there is no process, as in a browser', () => {
    process.env[name] = 'from-node'
    vi.stubGlobal('process', undefined)
    try {
      expect(resolveEnvReference(`$ENV:${name}`)).toBeUndefined()
      expect(hasUsableSecretReference(`$ENV:${name}`)).toBe(false)
      expect(resolveEnvReference('sk-literal')).toBe('sk-literal')
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
