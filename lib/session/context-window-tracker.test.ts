import { describe, expect, it } from 'vitest'
import { createAssistantMessage, createUserMessage } from '../core/messages.ts'
import { ContextWindowTracker, DEFAULT_AUTO_COMPACT_THRESHOLD } from './context-window-tracker.ts'

/** A conversation whose last message reports exactly `tokens` of usage. */
function usedExactly(tokens: number) {
  return [createUserMessage('hi'), createAssistantMessage('hello', { metadata: { inputTokens: tokens - 10, outputTokens: 10 } })]
}

describe('ContextWindowTracker', () => {
  it.each([
    ['claude-sonnet-4-6', undefined, 200_000],
    ['gpt-4o', undefined, 128_000],
    ['some-unknown-model', undefined, 200_000],
    ['gpt-4o', 32_000, 32_000]
  ])('sizes the window of %s (override %s) at %i', (model, contextWindow, expected) => {
    const tracker = new ContextWindowTracker({ model, ...(contextWindow ? { contextWindow } : {}) })
    expect(tracker.getContextState([]).maxTokens).toBe(expected)
  })

  it('reports the provider usage of the last message exactly', () => {
    const tracker = new ContextWindowTracker({ model: 'claude-sonnet-4-6' })
    expect(tracker.getContextState(usedExactly(50_000))).toEqual({ maxTokens: 200_000, usedTokens: 50_000, usedPercentage: 25, estimated: false })
  })

  it('estimates from characters, counting the system message, when there is no usage', () => {
    const tracker = new ContextWindowTracker({ model: 'claude-sonnet-4-6' })
    const messages = [createUserMessage('x'.repeat(396))]
    const without = tracker.getContextState(messages).usedTokens
    const withSystem = tracker.getContextState(messages, 'y'.repeat(400)).usedTokens
    expect(without).toBe(100)
    expect(withSystem).toBe(without + 102)
  })

  it('calls for compaction from 0.835 of the window by default', () => {
    const tracker = new ContextWindowTracker({ model: 'claude-sonnet-4-6' })
    expect(DEFAULT_AUTO_COMPACT_THRESHOLD).toBe(0.835)
    expect(tracker.shouldAutoCompact(tracker.getContextState(usedExactly(166_999)))).toBe(false)
    expect(tracker.shouldAutoCompact(tracker.getContextState(usedExactly(167_000)))).toBe(true)
  })

  it('honours a configured threshold, and never compacts when it is off', () => {
    const early = new ContextWindowTracker({ model: 'claude-sonnet-4-6', autoCompactThreshold: 0.5 })
    expect(early.shouldAutoCompact(early.getContextState(usedExactly(100_000)))).toBe(true)
    expect(early.shouldAutoCompact(early.getContextState(usedExactly(99_000)))).toBe(false)
    const off = new ContextWindowTracker({ model: 'claude-sonnet-4-6', autoCompactThreshold: false })
    expect(off.getThreshold()).toBe(false)
    expect(off.shouldAutoCompact(off.getContextState(usedExactly(199_000)))).toBe(false)
  })

  it('follows a model switch', () => {
    const tracker = new ContextWindowTracker({ model: 'claude-sonnet-4-6' })
    tracker.setModel('gpt-4o')
    expect(tracker.getMaxTokens()).toBe(128_000)
  })

  it.each([0, -0.2, 1.5, Number.NaN])('refuses the threshold %d', (threshold) => {
    expect(() => new ContextWindowTracker({ model: 'm', autoCompactThreshold: threshold })).toThrow(/autoCompactThreshold must be above 0/)
  })

  it('names itself and shows a threshold given as text as text', () => {
    expect(() => new ContextWindowTracker({ model: 'm', autoCompactThreshold: '0.8' as never })).toThrow(
      'new ContextWindowTracker(options): autoCompactThreshold must be above 0 and at most 1, or false; got "0.8".'
    )
  })
})
