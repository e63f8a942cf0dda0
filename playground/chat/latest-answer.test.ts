import { describe, expect, it } from 'vitest'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { ANNOUNCED_CHARACTERS, ANSWER_CONTINUES, latestAnswer } from './latest-answer.ts'

const user = (id: string, content: string): TUniversalMessage => ({ id, role: 'user', content, state: 'complete', timestamp: 0 })
const assistant = (id: string, content: string, state: 'complete' | 'interrupted' = 'complete'): TUniversalMessage => ({ id, role: 'assistant', content, state, timestamp: 0 })

describe('latestAnswer', () => {
  it('is the last assistant message with text, skipping tool-call-only replies and later prompts', () => {
    const toolsOnly: TUniversalMessage = { ...assistant('a2', ''), toolCalls: [{ id: 'c1', name: 'Bash', arguments: { command: 'ls' } }] } as TUniversalMessage
    const messages = [user('u1', 'hi'), assistant('a1', ' The workspace holds a README. '), toolsOnly, user('u2', 'again')]
    expect(latestAnswer(messages)).toEqual({ id: 'a1', text: 'The workspace holds a README.' })
  })

  it('says when the answer was interrupted, and is undefined for a conversation without answers', () => {
    expect(latestAnswer([assistant('a1', 'Half an answer', 'interrupted')])).toEqual({ id: 'a1', text: 'Half an answer (interrupted)' })
    expect(latestAnswer([user('u1', 'hi')])).toBeUndefined()
  })

  it('announces a long answer up to a bound, cut at a word, and says the rest is in the conversation', () => {
    const words = Array.from({ length: 20_000 }, (_, index) => `word${index}`).join(' ')
    const announced = latestAnswer([assistant('a1', words, 'interrupted')])?.text ?? ''
    expect(announced.length).toBeLessThanOrEqual(ANNOUNCED_CHARACTERS + ANSWER_CONTINUES.length + ' (interrupted)'.length)
    expect(announced.endsWith(`${ANSWER_CONTINUES} (interrupted)`)).toBe(true)
    const spoken = announced.slice(0, -`${ANSWER_CONTINUES} (interrupted)`.length)
    expect(words.startsWith(spoken)).toBe(true)
    // Whole words only: what is read ends where a word of the answer ends.
    expect(words[spoken.length]).toBe(' ')
    expect(spoken.length).toBeGreaterThan(ANNOUNCED_CHARACTERS - 20)
  })

  it('announces an answer of exactly the bound whole', () => {
    const text = 'a'.repeat(ANNOUNCED_CHARACTERS)
    expect(latestAnswer([assistant('a1', text)])?.text).toBe(text)
  })
})
