import { describe, expect, it } from 'vitest'
import type { TProviderChoice } from './agent-host.ts'
import { isSameProviderChoice } from './workspace-provider-choice.ts'

const base: TProviderChoice = { kind: 'anthropic', model: 'claude-sonnet-4-6', apiKey: 'k' }

describe('isSameProviderChoice', () => {
  it('builds the provider again when prompt caching, the thinking budget or web search changed', () => {
    expect(isSameProviderChoice(base, { ...base, webSearch: true })).toBe(false)
    expect(isSameProviderChoice(base, { ...base, webSearch: false })).toBe(true)
    expect(isSameProviderChoice(base, { ...base })).toBe(true)
    expect(isSameProviderChoice(base, { ...base, promptCaching: false })).toBe(true)
    expect(isSameProviderChoice(base, { ...base, promptCaching: true })).toBe(false)
    expect(isSameProviderChoice(base, { ...base, thinking: { budgetTokens: 2048 } })).toBe(false)
    expect(isSameProviderChoice({ ...base, thinking: { budgetTokens: 2048 } }, { ...base, thinking: { budgetTokens: 4096 } })).toBe(false)
    expect(isSameProviderChoice({ ...base, thinking: { budgetTokens: 2048 } }, { ...base, thinking: { budgetTokens: 2048 } })).toBe(true)
  })
})
