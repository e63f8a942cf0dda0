import { describe, expect, it } from 'vitest'
import { createAssistantMessage, createToolMessage } from '../../lib/core/messages.ts'
import { sameAnswer } from './assistant-answer.tsx'
import type { TFileChange } from './file-change.ts'

const message = createAssistantMessage('Writing it.', { toolCalls: [{ id: 'call-1', name: 'Write', arguments: { filePath: 'a.txt', content: 'hello' } }] })
const result = createToolMessage('Created a.txt', { toolCallId: 'call-1', toolName: 'Write' })
const change = (after: string): TFileChange => ({ path: 'a.txt', kind: 'created', before: undefined, after, firstLine: 1 })
const answer = (overrides: { result?: typeof result; after?: string; usage?: string; number?: number } = {}) => ({
  message,
  number: overrides.number ?? 2,
  results: new Map([['call-1', overrides.result ?? result]]),
  changes: new Map([['call-1', change(overrides.after ?? 'hello')]]),
  decisions: new Map(),
  usage: overrides.usage
})

describe('sameAnswer', () => {
  it('holds across commits that rebuild the maps with what this answer showed', () => {
    expect(sameAnswer(answer(), answer())).toBe(true)
  })

  it('fails when its tool call has a new result, its file change differs, its usage or its place changed', () => {
    expect(sameAnswer(answer(), answer({ result: createToolMessage('Created a.txt', { toolCallId: 'call-1', toolName: 'Write' }) }))).toBe(false)
    expect(sameAnswer(answer(), answer({ after: 'hello again' }))).toBe(false)
    expect(sameAnswer(answer(), answer({ usage: '1,200 in · 80 out' }))).toBe(false)
    expect(sameAnswer(answer(), answer({ number: 4 }))).toBe(false)
  })

  it('compares a streaming answer by its text, and never with a committed one', () => {
    expect(sameAnswer({ streaming: true, text: 'The' }, { streaming: true, text: 'The' })).toBe(true)
    expect(sameAnswer({ streaming: true, text: 'The' }, { streaming: true, text: 'The answer' })).toBe(false)
    expect(sameAnswer({ streaming: true, text: 'Writing it.' }, answer())).toBe(false)
  })
})
