import { describe, expect, it } from 'vitest'
import { createAssistantMessage, createToolMessage, createUserMessage } from '../../lib/core/messages.ts'
import { collectTurnUsage, describeTurnUsage } from './turn-usage.ts'

describe('collectTurnUsage', () => {
  it('adds up every reply of a turn and puts it on the turn’s last reply', () => {
    const first = createAssistantMessage('', {
      toolCalls: [{ id: 'call_1', name: 'Bash', arguments: { command: 'ls' } }],
      metadata: { inputTokens: 100, outputTokens: 10, cacheWriteTokens: 900 }
    })
    const second = createAssistantMessage('Done.', { metadata: { inputTokens: 20, outputTokens: 30, cacheReadTokens: 900, reasoningTokens: 12 } })
    const next = createAssistantMessage('Hi.', { metadata: { inputTokens: 5, outputTokens: 1 } })
    const usage = collectTurnUsage([
      createUserMessage('List files'),
      first,
      createToolMessage('a.txt', { toolCallId: 'call_1', toolName: 'Bash' }),
      second,
      createUserMessage('Thanks'),
      next
    ])
    expect(usage.has(first.id)).toBe(false)
    expect(usage.get(second.id)).toEqual({ inputTokens: 120, outputTokens: 40, cacheReadTokens: 900, cacheWriteTokens: 900, reasoningTokens: 12 })
    expect(usage.get(next.id)).toEqual({ inputTokens: 5, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 })
  })

  it('has no entry for a turn whose replies reported no usage', () => {
    const reply = createAssistantMessage('Scripted.')
    expect(collectTurnUsage([createUserMessage('hi'), reply]).size).toBe(0)
  })

  it('names cache and reasoning tokens only when there are some', () => {
    expect(describeTurnUsage({ inputTokens: 1200, outputTokens: 80, cacheReadTokens: 900, cacheWriteTokens: 300, reasoningTokens: 40 })).toBe(
      '1,200 in · 80 out · 900 cache read · 300 cache write · 40 reasoning'
    )
    expect(describeTurnUsage({ inputTokens: 3, outputTokens: 4, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 })).toBe('3 in · 4 out')
  })
})
