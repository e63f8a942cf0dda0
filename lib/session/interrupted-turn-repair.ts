import { createId } from '../core/create-id.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { createAssistantMessage, createToolMessage, type TUniversalMessage } from '../core/messages.ts'
import type { ISessionStore } from '../storage/session-store.ts'
import type { TIsTurnRunning } from './interrupted-turn.ts'

/** What a tool call reports when the worker running it went away before it answered. */
export const TOOL_LOST_MESSAGE = 'Error: Execution interrupted: the agent stopped before this tool call finished.'

/**
 * The messages that close off a turn whose driver went away mid-turn, or none when the history
 * already ends where a turn can end (an answer, or a compaction's summary). A history ending in
 * the user's prompt gets an answer marked `interrupted` holding the text `streamed` before the
 * driver went away (empty when none was stored); one ending in every tool result of a round gets
 * it only when some text was streamed. Tool calls without results get interrupted results, the
 * same shape an abort leaves. Either way a provider accepts the history again.
 */
export function planInterruptedTurn(messages: readonly TUniversalMessage[], streamed = ''): TUniversalMessage[] {
  const last = messages.at(-1)
  if (!last) return []
  // A compaction's summary ends the history as a user message too, but no turn waits on it.
  if (last.role === 'user') return last.metadata?.compactSummary === true ? [] : [createAssistantMessage(streamed, { state: 'interrupted' })]
  const assistantIndex = messages.findLastIndex((message) => message.role !== 'tool')
  const assistant = messages[assistantIndex]
  if (assistant?.role !== 'assistant' || !assistant.toolCalls) return []
  const answered = new Set(messages.slice(assistantIndex + 1).flatMap((message) => (message.role === 'tool' ? [message.toolCallId] : [])))
  const lost = assistant.toolCalls
    .filter((call) => !answered.has(call.id))
    .map((call) => createToolMessage(TOOL_LOST_MESSAGE, { toolCallId: call.id, toolName: call.name }, { state: 'interrupted' }))
  if (lost.length > 0) return lost
  return streamed === '' ? [] : [createAssistantMessage(streamed, { state: 'interrupted' })]
}

/**
 * Writes what closes off the interrupted turn whose last messages are `tail` (see
 * `closeInterruptedTurn`, which loads this module only when a turn may need it).
 */
export async function repairInterruptedTurn(
  store: ISessionStore,
  sessionId: string,
  tail: readonly TUniversalMessage[],
  isTurnRunning?: TIsTurnRunning
): Promise<TExecutionEventEnvelope[]> {
  const last = tail.at(-1)
  if (!last) return []
  if (isTurnRunning && (await isRunOfRunningTurn(store, sessionId, isTurnRunning))) return []
  // Only a history that waits on an answer can have had one streaming when its driver went away.
  const streamed = last.role === 'user' || last.role === 'tool' ? await readStreamedAnswer(store, sessionId, last) : ''
  if (planInterruptedTurn(tail, streamed).length === 0) return []
  const record = await store.loadSession(sessionId)
  if (!record) return []
  const appended = planInterruptedTurn(record.messages, streamed)
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

// The parent's turn writes a subagent run's record and log until the run ends; a repair written
// meanwhile would take seqs the run is about to use. Subagents start no subagents of their own.
async function isRunOfRunningTurn(store: ISessionStore, sessionId: string, isTurnRunning: TIsTurnRunning): Promise<boolean> {
  const parentSessionId = (await store.loadSessionHead(sessionId))?.parentSessionId
  return parentSessionId !== undefined && (await isTurnRunning(parentSessionId))
}

// How many of the latest events the first look for a streamed answer reads.
const FIRST_LOOK_EVENTS = 64

/**
 * The text streamed in the log's last round, as far as it was stored (a long round's text is
 * written now and then: `SessionRecorder`), when that round's request answered the history as
 * it is stored, its last message being the history's last; otherwise (a compaction's summary
 * streaming, nothing stored after the request) empty.
 */
async function readStreamedAnswer(store: ISessionStore, sessionId: string, last: TUniversalMessage): Promise<string> {
  for (let count = FIRST_LOOK_EVENTS; ; count *= 4) {
    const events = await store.loadEventWindow(sessionId, { count })
    const at = events.findLastIndex((event) => event.type === 'provider_request' || event.type === 'history_mutation')
    if (at === -1 && events.length === count) continue
    const request = events[at]
    const asked = request?.type === 'provider_request' ? request.data.messages.at(-1) : undefined
    if (!request || asked?.role !== last.role || asked.content !== last.content) return ''
    let text = ''
    for (const event of events.slice(at + 1)) {
      if (event.type === 'provider_stream_raw_delta' && event.executionId === request.executionId && event.round === request.round) text += event.data.delta
    }
    return text
  }
}
