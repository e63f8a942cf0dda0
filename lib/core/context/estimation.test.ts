import { describe, expect, it } from 'vitest'
import { createAssistantMessage, createToolMessage, createUserMessage } from '../messages.ts'
import { CHARS_PER_TOKEN, estimateContextTokensFromMessages, estimateSerializedContextTokens } from './estimation.ts'

const prompt = createUserMessage('a'.repeat(4000))
const answered = createAssistantMessage('ok', { metadata: { inputTokens: 9000, outputTokens: 100 } })
const bigToolResult = createToolMessage('b'.repeat(80_000), { toolCallId: 'c', toolName: 'read' })

describe('context estimation', () => {
  it('estimates serialized size deterministically from characters', () => {
    const tokens = estimateSerializedContextTokens([prompt])
    expect(tokens).toBe(Math.ceil(('user'.length + 4000) / CHARS_PER_TOKEN))
    expect(estimateSerializedContextTokens([prompt])).toBe(tokens)
  })

  it.each([
    {
      name: 'no provider usage: the serialized estimate',
      messages: [prompt],
      expected: { exact: false, providerTokens: undefined, source: 'serialized' }
    },
    {
      name: 'usage on the terminal message: exact, even when smaller than the serialized estimate',
      messages: [prompt, answered],
      expected: { exact: true, providerTokens: 9100, effectiveTokens: 9100 }
    },
    {
      name: 'a usage of no tokens at all (a server that does not count): measured nothing, the serialized estimate',
      messages: [prompt, createAssistantMessage('ok', { metadata: { inputTokens: 0, outputTokens: 0 } })],
      expected: { exact: false, providerTokens: undefined, source: 'serialized' }
    },
    {
      name: 'metadata-free messages after the usage: the larger candidate wins',
      messages: [prompt, answered, bigToolResult],
      expected: { exact: false, providerTokens: 9100, source: 'serialized' }
    }
  ])('$name', ({ messages, expected }) => {
    const estimate = estimateContextTokensFromMessages(messages)
    expect(estimate.exact).toBe(expected.exact)
    expect(estimate.providerTokens).toBe(expected.providerTokens)
    if ('effectiveTokens' in expected) expect(estimate.effectiveTokens).toBe(expected.effectiveTokens)
    if (expected.source === 'serialized') expect(estimate.effectiveTokens).toBe(estimate.serializedTokens)
  })

  it('never sums historical usage across turns', () => {
    const second = createAssistantMessage('again', { metadata: { inputTokens: 9500, outputTokens: 50 } })
    const estimate = estimateContextTokensFromMessages([prompt, answered, createUserMessage('more'), second])
    expect(estimate.effectiveTokens).toBe(9550)
  })

  it('raises the estimate to the caller floor', () => {
    expect(estimateContextTokensFromMessages([prompt], 50_000).effectiveTokens).toBe(50_000)
  })
})
