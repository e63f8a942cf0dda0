import { describe, expect, it } from 'vitest'
import { findModelPrice, MODEL_PRICES } from './model-prices.ts'
import { createRunEvents } from './run-events.fixtures.ts'
import { measureTurnUsage } from './turn-usage.ts'

describe('measureTurnUsage', () => {
  it('sums each turn’s reported usage over its model calls and prices it at the model’s list price', () => {
    const run = createRunEvents()
    run.prompt('x1', 0, 'Fix it')
    run.request('x1', 0, 1, 'claude-sonnet-4-6')
    run.response('x1', 10, 1, 'Looking.', 1, { inputTokens: 1_000, outputTokens: 100, cacheReadTokens: 2_000, cacheWriteTokens: 500 })
    run.request('x1', 20, 2, 'claude-sonnet-4-6')
    run.response('x1', 30, 2, 'Fixed.', 0, { inputTokens: 1_200, outputTokens: 50 })
    run.prompt('x2', 100, 'Thanks')
    run.request('x2', 100, 1, 'claude-sonnet-4-6')
    run.response('x2', 110, 1, 'You are welcome.', 0, { inputTokens: 10, outputTokens: 5 })

    const [first, second] = measureTurnUsage(run.events)
    expect(first).toMatchObject({ turn: 1, model: 'claude-sonnet-4-6', calls: 2, inputTokens: 2_200, outputTokens: 150, cacheReadTokens: 2_000, cacheWriteTokens: 500, estimated: false })
    // 2,200 × $3 + 150 × $15 + 2,000 × $0.30 + 500 × $3.75, per million tokens.
    expect(first?.costUsd).toBeCloseTo(0.011325, 9)
    expect(second).toMatchObject({ turn: 2, calls: 1, inputTokens: 10, outputTokens: 5 })
  })

  it('estimates a call that reports no usage from its text, as the context meter does, and prices no unknown model', () => {
    const run = createRunEvents()
    run.prompt('x1', 0, 'hello')
    run.request('x1', 0, 1, 'offline-demo')
    run.response('x1', 10, 1, 'One file.')
    const [turn] = measureTurnUsage(run.events)
    // `"hello"` is 7 characters (2 tokens); `"One file."` is 11 (3 tokens).
    expect(turn).toEqual({ executionId: 'x1', turn: 1, model: 'offline-demo', calls: 1, inputTokens: 2, outputTokens: 3, cacheReadTokens: 0, cacheWriteTokens: 0, estimated: true })
  })

  it('leaves out turns with no model call', () => {
    const run = createRunEvents()
    run.prompt('x1', 0, 'only a prompt')
    expect(measureTurnUsage(run.events)).toEqual([])
  })
})

describe('findModelPrice', () => {
  it.each([
    ['claude-sonnet-4-5-20250929', MODEL_PRICES['claude-sonnet-4-5']],
    ['gpt-4o-2024-08-06', MODEL_PRICES['gpt-4o']],
    ['gpt-4o-mini', MODEL_PRICES['gpt-4o-mini']],
    ['o3-mini', MODEL_PRICES['o3-mini']],
    ['gpt-5.1', undefined],
    ['offline-demo', undefined]
  ])('%s', (model, expected) => {
    expect(findModelPrice(model)).toBe(expected)
  })
})
