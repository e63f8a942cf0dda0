import type { TUniversalMessage } from '../core/messages.ts'

/**
 * What would make a history unusable for the next provider call, one line per problem: a tool
 * call without exactly one result right after its assistant message, a result answering no
 * call, an id used twice, or a hole left in the message list. Empty when the history is valid.
 * The reliability suites run it after every fault, abort and load round.
 */
export function describeHistoryProblems(messages: readonly (TUniversalMessage | undefined)[]): string[] {
  const problems: string[] = []
  const seenCallIds = new Set<string>()
  let open = new Map<string, string>()
  const closeOpenCalls = (where: string) => {
    for (const [id, name] of open) problems.push(`tool call ${id} (${name}) has no result before ${where}`)
    open = new Map()
  }
  for (const [index, message] of messages.entries()) {
    if (message === undefined) {
      problems.push(`message ${index} is missing`)
      continue
    }
    if (message.role === 'tool') {
      if (!open.delete(message.toolCallId)) problems.push(`message ${index} answers tool call ${message.toolCallId}, which is not waiting for a result`)
      continue
    }
    closeOpenCalls(`message ${index} (${message.role})`)
    if (message.role !== 'assistant') continue
    for (const call of message.toolCalls ?? []) {
      if (seenCallIds.has(call.id)) problems.push(`message ${index} reuses tool call id ${call.id}`)
      seenCallIds.add(call.id)
      open.set(call.id, call.name)
    }
  }
  closeOpenCalls('the end of the history')
  return problems
}

/** Any recorded event: the core's run events and a session's own (`history_replaced`, say). */
type TRecordedEvent = { type: string; data: object }

/**
 * The history a log describes: each `history_mutation` append put at its index, and a session's
 * `history_replaced` starting the history over from the messages it carries.
 */
export function rebuildHistoryFromEvents(events: readonly TRecordedEvent[]): TUniversalMessage[] {
  let messages: TUniversalMessage[] = []
  for (const event of events) {
    if (event.type === 'history_mutation') {
      const { index, message } = event.data as { index: number; message: TUniversalMessage }
      messages[index] = message
    } else if (event.type === 'history_replaced') {
      messages = [...(event.data as { messages: TUniversalMessage[] }).messages]
    }
  }
  return messages
}
