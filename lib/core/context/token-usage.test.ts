import { describe, expect, it } from 'vitest'
import { normalizeUsageMetadata, readTokenUsage } from './token-usage.ts'

describe('token usage', () => {
  it.each([
    [{ inputTokens: 10, outputTokens: 5 }, { inputTokens: 10, outputTokens: 5 }],
    [{ promptTokens: 7, completionTokens: 3, totalTokens: 10 }, { inputTokens: 7, outputTokens: 3 }],
    [{ usage: { input_tokens: 4, output_tokens: 2, cache_read_input_tokens: 100 } }, { inputTokens: 4, outputTokens: 2, cacheReadTokens: 100 }],
    [{ usage: { prompt_tokens: 1, completion_tokens: 1, reasoning_tokens: 9 } }, { inputTokens: 1, outputTokens: 1, reasoningTokens: 9 }],
    [{ inputTokens: 1, outputTokens: 1, cacheWriteTokens: 30 }, { inputTokens: 1, outputTokens: 1, cacheWriteTokens: 30 }]
  ])('reads %j', (metadata, expected) => {
    expect(readTokenUsage(metadata)).toEqual({ cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0, ...expected })
  })

  it.each([[undefined], [{}], [{ model: 'x' }], [{ usage: 'n/a' }]])('finds no usage in %j', (metadata) => {
    expect(readTokenUsage(metadata)).toBeUndefined()
  })

  it('rewrites provider names to the canonical keys and keeps other metadata', () => {
    expect(normalizeUsageMetadata({ promptTokens: 7, completionTokens: 3, totalTokens: 10, model: 'm' })).toEqual({
      model: 'm',
      inputTokens: 7,
      outputTokens: 3
    })
    expect(normalizeUsageMetadata({ stop: 'end' })).toEqual({ stop: 'end' })
  })
})
