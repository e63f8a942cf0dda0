import { describe, expect, it } from 'vitest'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { latestAnswer } from './latest-answer.ts'

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
})
