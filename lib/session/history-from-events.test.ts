import { describe, expect, it } from 'vitest'
import { createAssistantMessage, createUserMessage, type TUniversalMessage } from '../core/messages.ts'
import { historyFromEvents } from './history-from-events.ts'
import type { TSessionEvent } from './session-events.ts'

let seq = 0
const envelope = { sessionId: 's', executionId: 'e', ts: 5 }
const append = (index: number, message: TUniversalMessage): TSessionEvent => ({ ...envelope, seq: seq++, type: 'history_mutation', data: { mutation: 'append', index, message } })
const replaced = (reason: 'compaction' | 'clear' | 'fork', messages: TUniversalMessage[]): TSessionEvent => ({ ...envelope, seq: seq++, type: 'history_replaced', data: { reason, messages } })

describe('historyFromEvents', () => {
  it('rebuilds chat, tool, compaction, clear and fork entries in order', () => {
    const events: TSessionEvent[] = [
      replaced('fork', [createUserMessage('copied')]),
      append(1, createUserMessage('ls please')),
      { ...envelope, seq: seq++, type: 'tool_execution_request', data: { batchId: 'b', index: 0, toolName: 'Bash', toolCallId: 't1', parameters: { command: 'ls' }, ownerPath: [] } },
      { ...envelope, seq: seq++, type: 'tool_execution_result', data: { batchId: 'b', index: 0, toolName: 'Bash', toolCallId: 't1', success: false, metadata: { errorCode: 'permission_denied' } } },
      append(2, createAssistantMessage('denied')),
      { ...envelope, seq: seq++, type: 'compaction', data: { trigger: 'auto', summary: 'S', messagesBefore: 3, tokensBefore: 9, tokensAfter: 1 } },
      replaced('compaction', [createUserMessage('S')])
    ]
    const entries = historyFromEvents(events, [])
    expect(entries.map((entry) => (entry.category === 'chat' ? `${entry.type}:${entry.data.content}` : entry.type))).toEqual([
      'user:copied',
      'user:ls please',
      'tool-start',
      'tool-end',
      'assistant:denied',
      'compaction'
    ])
    expect(entries[3]?.data).toMatchObject({ toolName: 'Bash', firstArg: 'ls', isRunning: false, result: 'denied' })
    expect(historyFromEvents([...events, replaced('clear', []), append(0, createUserMessage('fresh'))], []).map((entry) => entry.type)).toEqual(['user'])
  })

  it('falls back to the record messages for a log without history events', () => {
    const messages = [createUserMessage('a'), createAssistantMessage('b')]
    expect(historyFromEvents([], messages).map((entry) => entry.data)).toEqual(messages)
  })
})
