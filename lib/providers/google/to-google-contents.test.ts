import { describe, expect, it } from 'vitest'
import { createAssistantMessage, createToolMessage, createUserMessage } from '../../core/messages.ts'
import { GoogleStreamAccumulator } from './google-stream-accumulator.ts'
import { GOOGLE_SYNTHETIC_CALL_ID_PREFIX, toGoogleContents } from './to-google-contents.ts'

type TChunk = Parameters<GoogleStreamAccumulator['add']>[0]

function chunk(parts: unknown[], finishReason?: string): TChunk {
  return { candidates: [{ content: { role: 'model', parts }, index: 0, ...(finishReason ? { finishReason } : {}) }] } as unknown as TChunk
}

describe('Gemini function calls without ids', () => {
  it('get an id of Robota’s own, kept with the signed part, and go back without it', () => {
    const accumulator = new GoogleStreamAccumulator()
    accumulator.add(chunk([{ functionCall: { name: 'weather', args: { city: 'Oslo' } }, thoughtSignature: 'sig-a' }, { functionCall: { name: 'weather', args: { city: 'Rome' } } }], 'STOP'))
    const reply = accumulator.toResponse(false)
    const [first, second] = reply.toolCalls ?? []
    expect(first?.id.startsWith(GOOGLE_SYNTHETIC_CALL_ID_PREFIX)).toBe(true)
    expect(second?.id).not.toBe(first?.id)

    const { contents } = toGoogleContents([
      createUserMessage('Oslo and Rome?'),
      reply,
      createToolMessage('{"temp": 1}', { toolCallId: first?.id ?? '', toolName: 'weather' }),
      createToolMessage('{"temp": 20}', { toolCallId: second?.id ?? '', toolName: 'weather' })
    ])
    expect(contents.slice(1)).toEqual([
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'weather', args: { city: 'Oslo' } }, thoughtSignature: 'sig-a' },
          { functionCall: { name: 'weather', args: { city: 'Rome' } } }
        ]
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'weather', response: { temp: 1 } } },
          { functionResponse: { name: 'weather', response: { temp: 20 } } }
        ]
      }
    ])
  })
})

describe('Gemini text parts', () => {
  it('merge across chunks, keep the signature that came last, and leave thoughts out of the text', () => {
    const accumulator = new GoogleStreamAccumulator()
    expect(accumulator.add(chunk([{ text: 'Think', thought: true }]))).toBeUndefined()
    expect(accumulator.add(chunk([{ text: 'ing.', thought: true }]))).toBeUndefined()
    expect(accumulator.add(chunk([{ text: 'Hel' }]))).toBe('Hel')
    expect(accumulator.add(chunk([{ text: 'lo', thoughtSignature: 'sig-t' }], 'STOP'))).toBe('lo')
    const reply = accumulator.toResponse(false)
    expect(reply.content).toBe('Hello')
    expect(accumulator.toNativeResponse()).toMatchObject({
      candidates: [{ content: { parts: [{ text: 'Thinking.', thought: true }, { text: 'Hello', thoughtSignature: 'sig-t' }] } }]
    })
    const { contents } = toGoogleContents([createUserMessage('hi'), reply])
    expect(contents[1]).toEqual({ role: 'model', parts: [{ text: 'Thinking.', thought: true }, { text: 'Hello', thoughtSignature: 'sig-t' }] })
  })

  it('an assistant message from another provider goes as plain text', () => {
    const { contents } = toGoogleContents([createUserMessage('hi'), createAssistantMessage('Hello')])
    expect(contents).toEqual([
      { role: 'user', parts: [{ text: 'hi' }] },
      { role: 'model', parts: [{ text: 'Hello' }] }
    ])
  })
})

describe('a withheld reply', () => {
  it.each([
    [{ promptFeedback: { blockReason: 'SAFETY' } }, 'the prompt was blocked (SAFETY)'],
    [chunk([], 'SAFETY'), 'the reply was stopped (SAFETY)']
  ])('is named: %j', (received, reason) => {
    const accumulator = new GoogleStreamAccumulator()
    accumulator.add(received as TChunk)
    expect(accumulator.completed).toBe(true)
    expect(accumulator.withheldReason()).toBe(reason)
  })
})
