import { describe, expect, it } from 'vitest'
import {
  createAssistantMessage,
  createSystemMessage,
  createToolMessage,
  createUserMessage,
  type TUniversalMessage
} from '../../core/messages.ts'
import { anthropicMaxOutputTokens } from './anthropic-models.ts'
import { parseToolArguments } from '../../core/parse-tool-arguments.ts'
import { ANTHROPIC_THINKING_METADATA_KEY, toAnthropicMessages, type TAnthropicConversation } from './to-anthropic-messages.ts'

const call = (id: string, city: string) => ({ id, name: 'weather', arguments: { city } })
const result = (id: string, text: string) => createToolMessage(text, { toolCallId: id, toolName: 'weather' })
const thinking = { type: 'thinking' as const, thinking: 'Hmm.', signature: 'sig_1' }

describe('toAnthropicMessages', () => {
  it.each<{ name: string; input: TUniversalMessage[]; expected: TAnthropicConversation }>([
    {
      name: 'a lone user message',
      input: [createUserMessage('hi')],
      expected: { system: undefined, messages: [{ role: 'user', content: 'hi' }] }
    },
    {
      name: 'system messages anywhere, joined into the system field',
      input: [createSystemMessage('A.'), createUserMessage('hi'), createSystemMessage('B.')],
      expected: { system: 'A.\n\nB.', messages: [{ role: 'user', content: 'hi' }] }
    },
    {
      name: 'assistant text and tool calls with ids verbatim',
      input: [createUserMessage('q'), createAssistantMessage('Looking.', { toolCalls: [call('toolu_X', 'Oslo')] })],
      expected: {
        system: undefined,
        messages: [
          { role: 'user', content: 'q' },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Looking.' },
              { type: 'tool_use', id: 'toolu_X', name: 'weather', input: { city: 'Oslo' } }
            ]
          }
        ]
      }
    },
    {
      name: 'several tool results of one round in one user message',
      input: [createAssistantMessage('', { toolCalls: [call('a', 'Oslo'), call('b', 'Rome')] }), result('a', '1'), result('b', '2')],
      expected: {
        system: undefined,
        messages: [
          {
            role: 'assistant',
            content: [
              { type: 'tool_use', id: 'a', name: 'weather', input: { city: 'Oslo' } },
              { type: 'tool_use', id: 'b', name: 'weather', input: { city: 'Rome' } }
            ]
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'a', content: '1' },
              { type: 'tool_result', tool_use_id: 'b', content: '2' }
            ]
          }
        ]
      }
    },
    {
      name: 'a user message after tool results, in the same user turn',
      input: [result('a', '1'), createUserMessage('and now?')],
      expected: {
        system: undefined,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'a', content: '1' },
              { type: 'text', text: 'and now?' }
            ]
          }
        ]
      }
    },
    {
      name: 'an empty assistant message, left out',
      input: [createUserMessage('a'), createAssistantMessage(''), createUserMessage('b')],
      expected: {
        system: undefined,
        messages: [{ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }]
      }
    },
    {
      name: 'thinking blocks from metadata, first and unmodified',
      input: [createAssistantMessage('Done.', { metadata: { [ANTHROPIC_THINKING_METADATA_KEY]: [JSON.stringify(thinking)] } })],
      expected: { system: undefined, messages: [{ role: 'assistant', content: [thinking, { type: 'text', text: 'Done.' }] }] }
    }
  ])('converts $name', ({ input, expected }) => {
    expect(toAnthropicMessages(input)).toEqual(expected)
  })
})

describe('parseToolArguments', () => {
  it.each([
    { text: '', expected: {} },
    { text: '{"city":"Oslo"}', expected: { city: 'Oslo' } },
    { text: '{"city": "Os', expected: { invalidJsonArguments: '{"city": "Os' } },
    { text: '[1,2]', expected: { invalidJsonArguments: '[1,2]' } },
    { text: 'null', expected: { invalidJsonArguments: 'null' } }
  ])('parses $text', ({ text, expected }) => {
    expect(parseToolArguments(text)).toEqual(expected)
  })
})

describe('anthropicMaxOutputTokens', () => {
  it.each([
    { model: 'claude-sonnet-4-6', expected: 64_000 },
    { model: 'claude-opus-4-1-20250805', expected: 32_000 },
    { model: 'claude-3-5-haiku-latest', expected: 8_192 },
    { model: 'some-proxy-model', expected: 8_192 }
  ])('gives $model $expected', ({ model, expected }) => {
    expect(anthropicMaxOutputTokens(model)).toBe(expected)
  })
})
