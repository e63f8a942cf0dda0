import { describe, expect, it } from 'vitest'
import { chatEntryToMessage, getMessagesForAPI, isChatEntry, messageToHistoryEntry, toApiMessage, type IHistoryEntry } from './history.ts'
import { createAssistantMessage, createSystemMessage, createToolMessage, createUserMessage, INTERRUPTED_SUFFIX, PROVIDER_FAILURE_NOTE } from './messages.ts'

describe('message factories', () => {
  it.each([
    ['user', createUserMessage('hi')],
    ['system', createSystemMessage('rules')],
    ['tool', createToolMessage('42', { toolCallId: 'call_0', toolName: 'add' })],
    ['assistant', createAssistantMessage('hello')]
  ])('%s messages get an id and state complete', (role, message) => {
    expect(message.role).toBe(role)
    expect(message.state).toBe('complete')
    expect(message.id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('gives each message its own id', () => {
    expect(createUserMessage('a').id).not.toBe(createUserMessage('a').id)
  })

  it('lets only assistant messages be interrupted, and drops empty tool call lists', () => {
    const message = createAssistantMessage('cut', { state: 'interrupted', toolCalls: [] })
    expect(message.state).toBe('interrupted')
    expect('toolCalls' in message).toBe(false)
  })
})

describe('history entries', () => {
  const user = createUserMessage('question')
  const interrupted = createAssistantMessage('half an ans', { state: 'interrupted' })
  const event: IHistoryEntry = { id: 'e1', timestamp: 1, category: 'event', type: 'tool_summary', data: { tools: 2 } }

  it('wraps and unwraps a message with its own id', () => {
    const entry = messageToHistoryEntry(user)
    expect(entry).toEqual({ id: user.id, timestamp: user.timestamp, category: 'chat', type: 'user', data: user })
    expect(isChatEntry(entry)).toBe(true)
    expect(isChatEntry(event)).toBe(false)
    expect(chatEntryToMessage(entry)).toBe(user)
  })

  it('gives providers chat messages only, with interrupted text marked', () => {
    const messages = getMessagesForAPI([messageToHistoryEntry(user), event, messageToHistoryEntry(interrupted)])
    expect(messages.map((message) => message.content)).toEqual(['question', `half an ans${INTERRUPTED_SUFFIX}`])
    expect(INTERRUPTED_SUFFIX).toContain('[This response was interrupted by the user]')
    expect(interrupted.content).toBe('half an ans')
  })

  it('gives providers what a failed answer streamed before its failure, with a note in place of the notice people read', () => {
    const failed = (content: string) => createAssistantMessage(content, { metadata: { error: true, errorCode: 'AUTHENTICATION_ERROR' } })
    const sent = getMessagesForAPI([
      messageToHistoryEntry(failed('Error: the model provider failed: Anthropic rejected the API key (HTTP 401)')),
      messageToHistoryEntry(failed('Let me look.\n\nError: the model provider failed: The stream ended early'))
    ])
    expect(sent.map((message) => message.content)).toEqual([PROVIDER_FAILURE_NOTE, `Let me look.\n\n${PROVIDER_FAILURE_NOTE}`])
    expect(JSON.stringify(sent)).not.toContain('HTTP 401')
  })

  it.each([
    [createUserMessage('x'), false],
    [createAssistantMessage('x'), false],
    [createAssistantMessage('x', { state: 'interrupted' }), true]
  ])('marks only interrupted assistant text (%#)', (message, marked) => {
    expect(toApiMessage(message).content.endsWith(INTERRUPTED_SUFFIX)).toBe(marked)
  })
})
