import { describe, expect, it } from 'vitest'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { ANNOUNCED_CHARACTERS, ANSWER_CONTINUES, announcementOf, latestAnswer, type TLatestAnswer } from './latest-answer.ts'

const user = (id: string, content: string): TUniversalMessage => ({ id, role: 'user', content, state: 'complete', timestamp: 0 })
const assistant = (id: string, content: string, state: 'complete' | 'interrupted' = 'complete'): TUniversalMessage => ({ id, role: 'assistant', content, state, timestamp: 0 })
const asWritten = (markdown: string) => markdown

describe('latestAnswer', () => {
  it('is the last assistant message with text, skipping tool-call-only replies and later prompts', () => {
    const toolsOnly: TUniversalMessage = { ...assistant('a2', ''), toolCalls: [{ id: 'c1', name: 'Bash', arguments: { command: 'ls' } }] } as TUniversalMessage
    const messages = [user('u1', 'hi'), assistant('a1', ' The workspace holds a README. '), toolsOnly, user('u2', 'again')]
    expect(latestAnswer(messages)).toEqual({ id: 'a1', markdown: ' The workspace holds a README. ', interrupted: false })
  })

  it('skips a failed model call’s message: its failure notice is the alert, said once', () => {
    const failed = { ...assistant('a2', 'Error: the model provider failed: Could not reach Anthropic.'), metadata: { error: true, errorCode: 'PROVIDER_NETWORK' } } as TUniversalMessage
    expect(latestAnswer([assistant('a1', 'Hello.'), user('u2', 'again'), failed])?.id).toBe('a1')
    expect(latestAnswer([user('u1', 'hi'), failed])).toBeUndefined()
  })

  it('says when the answer was interrupted, and is undefined for a conversation without answers', () => {
    expect(latestAnswer([assistant('a1', 'Half an answer', 'interrupted')])).toEqual({ id: 'a1', markdown: 'Half an answer', interrupted: true })
    expect(latestAnswer([user('u1', 'hi')])).toBeUndefined()
  })
})

describe('announcementOf', () => {
  const answer = (markdown: string, interrupted = false): TLatestAnswer => ({ id: 'a1', markdown, interrupted })

  it('says the text of each piece the conversation renders, and when the answer was interrupted', () => {
    const pieces: string[] = []
    const toText = (markdown: string) => (pieces.push(markdown), markdown.replaceAll('**', '').trim())
    expect(announcementOf(answer(' **Yes**, it does.\n\nSee **README**. ', true), toText)).toBe('Yes, it does.\nSee README. (interrupted)')
    expect(pieces).toEqual([' **Yes**, it does.\n', 'See **README**. '])
  })

  it('announces a long answer up to a bound, cut at a word, and says the rest is in the conversation', () => {
    const words = Array.from({ length: 20_000 }, (_, index) => `word${index}`).join(' ')
    const announced = announcementOf(answer(words, true), asWritten)
    expect(announced.length).toBeLessThanOrEqual(ANNOUNCED_CHARACTERS + ANSWER_CONTINUES.length + ' (interrupted)'.length)
    expect(announced.endsWith(`${ANSWER_CONTINUES} (interrupted)`)).toBe(true)
    const spoken = announced.slice(0, -`${ANSWER_CONTINUES} (interrupted)`.length)
    expect(words.startsWith(spoken)).toBe(true)
    // Whole words only: what is read ends where a word of the answer ends.
    expect(words[spoken.length]).toBe(' ')
    expect(spoken.length).toBeGreaterThan(ANNOUNCED_CHARACTERS - 20)
  })

  it('announces an answer of exactly the bound whole, and renders no more of a long answer than the bound needs', () => {
    const text = 'a'.repeat(ANNOUNCED_CHARACTERS)
    expect(announcementOf(answer(text), asWritten)).toBe(text)
    let rendered = 0
    const paragraphs = Array.from({ length: 1_000 }, (_, index) => `Paragraph ${index} of a long answer.`).join('\n\n')
    announcementOf(answer(paragraphs), (markdown) => ((rendered += markdown.length), markdown))
    expect(rendered).toBeLessThan(ANNOUNCED_CHARACTERS + 100)
  })
})
