import { describe, expect, it } from 'vitest'
import {
  CLAUDE_MODELS,
  DEFAULT_CONTEXT_WINDOW,
  DEFAULT_MAX_OUTPUT,
  getModelContextWindow,
  getModelDefinition,
  getModelMaxOutput,
  getModelName,
  OPENAI_MODELS
} from './models.ts'

describe('model tables', () => {
  it.each([
    ['CLAUDE_MODELS', CLAUDE_MODELS],
    ['OPENAI_MODELS', OPENAI_MODELS]
  ])('%s keys every entry by its own API id, with positive limits', (_table, models) => {
    const entries = Object.entries(models)
    expect(entries.length).toBeGreaterThan(0)
    for (const [key, model] of entries) {
      expect(model.id).toBe(key)
      expect(model.name.length).toBeGreaterThan(0)
      expect(model.maxOutput).toBeGreaterThan(0)
      expect(model.maxOutput).toBeLessThan(model.contextWindow)
    }
  })

  it('lists the Claude 4.5+ models with their 200K standard window', () => {
    const aliases = ['claude-opus-4-6', 'claude-sonnet-4-6', 'claude-opus-4-5', 'claude-sonnet-4-5', 'claude-haiku-4-5']
    expect(Object.keys(CLAUDE_MODELS)).toEqual(expect.arrayContaining(aliases))
    expect(Object.keys(CLAUDE_MODELS).some((id) => id.startsWith('claude-opus-4-1'))).toBe(false)
    for (const model of Object.values(CLAUDE_MODELS)) expect(model.contextWindow).toBe(200_000)
  })

  it('shares no id between the tables', () => {
    const claudeIds = new Set(Object.keys(CLAUDE_MODELS))
    expect(Object.keys(OPENAI_MODELS).filter((id) => claudeIds.has(id))).toEqual([])
  })
})

describe('model lookups', () => {
  it.each<[string, string, number, number]>([
    ['claude-sonnet-4-6', 'Claude Sonnet 4.6', 200_000, 64_000],
    ['claude-opus-4-6', 'Claude Opus 4.6', 200_000, 128_000],
    ['claude-sonnet-4-5-20250929', 'Claude Sonnet 4.5', 200_000, 64_000],
    ['claude-haiku-4-5', 'Claude Haiku 4.5', 200_000, 64_000],
    ['gpt-4.1', 'GPT-4.1', 1_047_576, 32_768],
    ['gpt-4o-mini', 'GPT-4o mini', 128_000, 16_384],
    ['o4-mini', 'o4-mini', 200_000, 100_000],
    ['gpt-5', 'GPT-5', 400_000, 128_000]
  ])('%s → %s, %i context, %i output', (id, name, contextWindow, maxOutput) => {
    expect(getModelName(id)).toBe(name)
    expect(getModelContextWindow(id)).toBe(contextWindow)
    expect(getModelMaxOutput(id)).toBe(maxOutput)
    expect(getModelDefinition(id)).toEqual({ id, name, contextWindow, maxOutput })
  })

  it.each(['scripted-model', 'claude-sonnet-4-6-turbo', 'CLAUDE-SONNET-4-6', ''])('falls back for unknown %j', (id) => {
    expect(getModelContextWindow(id)).toBe(DEFAULT_CONTEXT_WINDOW)
    expect(getModelMaxOutput(id)).toBe(DEFAULT_MAX_OUTPUT)
    expect(getModelName(id)).toBe(id)
    expect(getModelDefinition(id)).toBeUndefined()
  })

  it('has the documented defaults', () => {
    expect(DEFAULT_CONTEXT_WINDOW).toBe(200_000)
    expect(DEFAULT_MAX_OUTPUT).toBe(16_384)
  })
})
