import { describe, expect, it } from 'vitest'
import { findModel, findProviderOption, PROVIDER_OPTIONS } from './provider-catalog.ts'

describe('provider catalog', () => {
  it('offers the four kinds the worker builds, the scripted demo first', () => {
    expect(PROVIDER_OPTIONS.map((option) => option.kind)).toEqual(['offline-demo', 'anthropic', 'openai', 'google', 'openai-compatible'])
    expect(PROVIDER_OPTIONS[0]?.label).toMatch(/scripted/i)
    for (const option of PROVIDER_OPTIONS) expect(option.models.some((model) => model.id === option.defaultModel)).toBe(true)
  })

  it('falls back to the demo for an unknown kind and finds models by id', () => {
    expect(findProviderOption('nope').kind).toBe('offline-demo')
    expect(findModel('gpt-4o')?.contextWindow).toBe(128_000)
    expect(findModel('unknown-model')).toBeUndefined()
  })
})
