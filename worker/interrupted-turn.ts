import { createId } from '../lib/core/create-id.ts'
import type { TExecutionEventEnvelope } from '../lib/core/execution-events.ts'
import { createAssistantMessage, createToolMessage, type TUniversalMessage } from '../lib/core/messages.ts'
import type { ISessionStore } from '../lib/storage/session-store.ts'

/** What a tool call reports when the worker running it went away before it answered. */
export const TOOL_LOST_MESSAGE = 'Error: Execution interrupted: the agent stopped before this tool call finished.'

/**
 * The messages that close off a turn whose driver went away mid-turn, or none when the history
 * already ends where a turn can end (an answer, or a compaction's summary). A history ending in the user's prompt gets an empty answer
 * marked `interrupted`; tool calls without results get interrupted results, the same shape an
 * abort leaves. Either way a provider accepts the history again.
 */
export function planInterruptedTurn(messages: readonly TUniversalMessage[]): TUniversalMessage[] {
  const last = messages.at(-1)
  if (!last) return []
  // A compaction's summary ends the history as a user message too, but no turn waits on it.
  if (last.role === 'user') return last.metadata?.compactSummary === true ? [] : [createAssistantMessage('', { state: 'interrupted' })]
  const assistantIndex = messages.findLastIndex((message) => message.role !== 'tool')
  const assistant = messages[assistantIndex]
  if (assistant?.role !== 'assistant' || !assistant.toolCalls) return []
  const answered = new Set(messages.slice(assistantIndex + 1).flatMap((message) => (message.role === 'tool' ? [message.toolCallId] : [])))
  return assistant.toolCalls
    .filter((call) => !answered.has(call.id))
    .map((call) => createToolMessage(TOOL_LOST_MESSAGE, { toolCallId: call.id, toolName: call.name }, { state: 'interrupted' }))
}

/**
 * Closes off an interrupted turn in storage: appends the planned messages to the record and one
 * `history_mutation` event each to the replay log, in one commit, continuing its `seq` and hash
 * chain. Returns the events written (none when the history was already whole).
 */
export async function closeInterruptedTurn(store: ISessionStore, sessionId: string): Promise<TExecutionEventEnvelope[]> {
  // Every open of a session asks: its last turn alone tells, so a long conversation is not read whole.
  const tail = await readLastTurnMessages(store, sessionId)
  if (!tail || planInterruptedTurn(tail).length === 0) return []
  const record = await store.loadSession(sessionId)
  if (!record) return []
  const appended = planInterruptedTurn(record.messages)
  if (appended.length === 0) return []
  const executionId = (await store.loadEventWindow(sessionId, { count: 1 })).at(-1)?.executionId ?? createId()
  const ts = Date.now()
  const events: TExecutionEventEnvelope[] = appended.map((message, offset) => ({
    seq: record.nextEventSeq + offset,
    ts,
    sessionId,
    executionId,
    type: 'history_mutation',
    data: { mutation: 'append', index: record.messages.length + offset, message }
  }))
  await store.commit(
    { ...record, messages: [...record.messages, ...appended], nextEventSeq: record.nextEventSeq + appended.length, updatedAt: ts },
    events
  )
  return events
}

// How many of the latest messages the first look reads: a turn's last answer and its tool results.
const FIRST_LOOK = 16

/**
 * The latest messages from the last one that is not a tool result on (what `planInterruptedTurn`
 * reads), without the rest of the conversation; `undefined` for an unknown session.
 */
async function readLastTurnMessages(store: ISessionStore, sessionId: string): Promise<TUniversalMessage[] | undefined> {
  for (let count = FIRST_LOOK; ; count *= 4) {
    const window = await store.loadMessageWindow(sessionId, { count })
    if (!window) return undefined
    if (window.firstIndex === 0 || window.messages.some((message) => message.role !== 'tool')) return window.messages
  }
}
