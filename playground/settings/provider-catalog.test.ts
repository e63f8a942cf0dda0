import { describe, expect, it } from 'vitest'
import { findProviderOption, PROVIDER_OPTIONS } from './provider-catalog.ts'

describe('provider catalog', () => {
  it('offers the four kinds the worker builds, the scripted demo first', () => {
    expect(PROVIDER_OPTIONS.map((option) => option.kind)).toEqual(['offline-demo', 'anthropic', 'openai', 'google', 'openai-compatible'])
    expect(PROVIDER_OPTIONS[0]?.label).toMatch(/scripted/i)
  })

  it('falls back to the demo for an unknown kind', () => {
    expect(findProviderOption('nope').kind).toBe('offline-demo')
    expect(findProviderOption('google').label).toBe('Google')
  })
})
