import { describe, expect, it } from 'vitest'
import {
  createAssistantMessage,
  createSystemMessage,
  createToolMessage,
  createUserMessage,
  type TUniversalMessage
} from '../../core/messages.ts'
import { toChatCompletionsMessages } from './to-chat-completions-messages.ts'
import { OPENAI_REASONING_METADATA_KEY, toResponsesInput } from './to-responses-input.ts'

const call = (id: string) => ({ id, name: 'weather', arguments: { city: 'Oslo' } })
const result = (id: string) => createToolMessage('ok', { toolCallId: id, toolName: 'weather' })
const reasoning = { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'enc' }

describe('toResponsesInput', () => {
  it.each<{ name: string; input: TUniversalMessage[]; expected: ReturnType<typeof toResponsesInput> }>([
    { name: 'a user message', input: [createUserMessage('hi')], expected: { instructions: undefined, input: [{ role: 'user', content: 'hi' }] } },
    {
      name: 'system messages, joined into instructions',
      input: [createSystemMessage('A.'), createUserMessage('hi'), createSystemMessage('B.')],
      expected: { instructions: 'A.\n\nB.', input: [{ role: 'user', content: 'hi' }] }
    },
    {
      name: 'a tool round, ids verbatim',
      input: [createAssistantMessage('', { toolCalls: [call('call_1'), call('call_2')] }), result('call_1'), result('call_2')],
      expected: {
        instructions: undefined,
        input: [
          { type: 'function_call', call_id: 'call_1', name: 'weather', arguments: '{"city":"Oslo"}' },
          { type: 'function_call', call_id: 'call_2', name: 'weather', arguments: '{"city":"Oslo"}' },
          { type: 'function_call_output', call_id: 'call_1', output: 'ok' },
          { type: 'function_call_output', call_id: 'call_2', output: 'ok' }
        ]
      }
    },
    {
      name: 'reasoning items from metadata, before the text',
      input: [createAssistantMessage('Done.', { metadata: { [OPENAI_REASONING_METADATA_KEY]: [JSON.stringify(reasoning)] } })],
      expected: { instructions: undefined, input: [reasoning as never, { role: 'assistant', content: 'Done.' }] }
    },
    { name: 'an empty assistant message, left out', input: [createAssistantMessage('')], expected: { instructions: undefined, input: [] } }
  ])('converts $name', ({ input, expected }) => {
    expect(toResponsesInput(input)).toEqual(expected)
  })
})

describe('toChatCompletionsMessages', () => {
  it.each<{ name: string; input: TUniversalMessage[]; expected: ReturnType<typeof toChatCompletionsMessages> }>([
    { name: 'a user message', input: [createUserMessage('hi')], expected: [{ role: 'user', content: 'hi' }] },
    {
      name: 'system messages, gathered into one leading system message',
      input: [createUserMessage('hi'), createSystemMessage('A.'), createSystemMessage('B.')],
      expected: [
        { role: 'system', content: 'A.\n\nB.' },
        { role: 'user', content: 'hi' }
      ]
    },
    {
      name: 'a tool round, one tool message per result',
      input: [createAssistantMessage('', { toolCalls: [call('call_0'), call('call_1')] }), result('call_0'), result('call_1')],
      expected: [
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_0', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } },
            { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } }
          ]
        },
        { role: 'tool', tool_call_id: 'call_0', content: 'ok' },
        { role: 'tool', tool_call_id: 'call_1', content: 'ok' }
      ]
    },
    { name: 'an empty assistant message, left out', input: [createAssistantMessage('')], expected: [] }
  ])('converts $name', ({ input, expected }) => {
    expect(toChatCompletionsMessages(input)).toEqual(expected)
  })
})
