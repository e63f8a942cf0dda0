import { describe, expect, it } from 'vitest'
import { estimateContextTokensFromMessages } from './context/estimation.ts'
import { ConversationStore } from './conversation-store.ts'
import { createAssistantMessage, createToolMessage, createUserMessage, INTERRUPTED_SUFFIX } from './messages.ts'

describe('ConversationStore', () => {
  it('commits streamed text and deduplicated tool calls through one path', () => {
    const store = new ConversationStore()
    store.beginAssistant()
    expect(store.hasPendingAssistant()).toBe(true)
    store.appendStreaming('Hel')
    store.appendStreaming('lo')
    store.appendToolCall({ id: 'call_0', name: 'ls', arguments: {} })
    store.appendToolCall({ id: 'call_0', name: 'ls', arguments: { again: true } })
    expect(store.getPendingContent()).toBe('Hello')
    const message = store.commitAssistant('complete', { inputTokens: 3, outputTokens: 2 })
    expect(message).toMatchObject({ content: 'Hello', state: 'complete', toolCalls: [{ id: 'call_0', arguments: {} }] })
    expect(store.hasPendingAssistant()).toBe(false)
    expect(store.getMessages()).toEqual([message])
  })

  it('keeps the text of an interrupted commit, and commits even an empty one', () => {
    const store = new ConversationStore()
    store.beginAssistant()
    store.appendStreaming('partial')
    expect(store.commitAssistant('interrupted')).toMatchObject({ content: 'partial', state: 'interrupted' })
    expect(store.commitAssistant('interrupted')).toMatchObject({ content: '', state: 'interrupted' })
    expect(store.getMessageCount()).toBe(2)
  })

  it('drops pending text on discard', () => {
    const store = new ConversationStore()
    store.beginAssistant()
    store.appendStreaming('gone')
    store.discardPending()
    expect(store.hasPendingAssistant()).toBe(false)
    expect(store.getMessages()).toEqual([])
  })

  it('is append-only: copies handed out do not change history', () => {
    const store = new ConversationStore([createUserMessage('a')])
    store.getMessages().push(createUserMessage('injected'))
    store.getHistory().pop()
    expect(store.getMessages().map((message) => message.content)).toEqual(['a'])
  })

  it('keeps event entries in the history but out of the conversation', () => {
    const store = new ConversationStore()
    store.append(createUserMessage('hi'))
    store.addEntry({ id: 'e', timestamp: 1, category: 'event', type: 'tool_summary', data: {} })
    expect(store.getHistory().map((entry) => entry.category)).toEqual(['chat', 'event'])
    expect(store.getMessages()).toHaveLength(1)
  })

  it('tells listeners the index of each appended message', () => {
    const store = new ConversationStore([createUserMessage('first')])
    const seen: Array<[string, number]> = []
    const stop = store.onAppend((message, index) => seen.push([message.content, index]))
    store.append(createUserMessage('second'))
    stop()
    store.append(createUserMessage('third'))
    expect(seen).toEqual([['second', 1]])
  })

  it('keeps the provider view and the size estimate in step with the history', () => {
    const messages = [
      createUserMessage('x'.repeat(400)),
      createAssistantMessage('y'.repeat(120), { state: 'interrupted', toolCalls: [{ id: 'c', name: 'run', arguments: { a: 1 } }] }),
      createToolMessage('z'.repeat(80), { toolCallId: 'c', toolName: 'run' })
    ]
    const store = new ConversationStore(messages)
    expect(store.getMessagesForAPI()[1]?.content).toBe('y'.repeat(120) + INTERRUPTED_SUFFIX)
    expect(store.estimateContextTokens()).toEqual(estimateContextTokensFromMessages(messages))
    store.append(createAssistantMessage('done', { metadata: { inputTokens: 5000, outputTokens: 10 } }))
    expect(store.estimateContextTokens()).toEqual(estimateContextTokensFromMessages(store.getMessages()))
    expect(store.estimateContextTokens()).toMatchObject({ exact: true, effectiveTokens: 5010 })
    // A later answer whose server counted nothing leaves the last measurement standing, not zero.
    store.append(createUserMessage('more'))
    store.append(createAssistantMessage('uncounted', { metadata: { inputTokens: 0, outputTokens: 0 } }))
    expect(store.estimateContextTokens()).toEqual(estimateContextTokensFromMessages(store.getMessages()))
    expect(store.estimateContextTokens()).toMatchObject({ exact: false, providerTokens: 5010 })
  })
})
