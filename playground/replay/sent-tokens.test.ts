import { describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { createAssistantMessage, createToolMessage, createUserMessage, type TUniversalMessage } from '../../lib/core/messages.ts'
import { toRecordedRequest } from '../../lib/storage/replay-log/history-range.ts'
import { createRunEvents } from './run-events.fixtures.ts'
import { createSentTokenCounter, estimateMessageTokens } from './sent-tokens.ts'
import { measureTurnUsage } from './turn-usage.ts'

type TRequest = TExecutionEventEnvelope<'provider_request'>

/** A session's requests as a page watching live gets them, and as its replay log records them. */
function liveAndRecorded() {
  const run = createRunEvents()
  const question = createUserMessage('Which files are here, and what does the README say about them?')
  const listing = createAssistantMessage('Listing them.', { toolCalls: [{ id: 'c1', type: 'function', function: { name: 'Bash', arguments: '{"command":"ls"}' } }] } as never)
  const files = createToolMessage('README.md\npackage.json\nsrc\ntest', { toolCallId: 'c1', toolName: 'Bash' })
  const answer = createAssistantMessage('Four entries; the README describes a calculator.')
  const followUp = createUserMessage('And the tests?')
  const sends: TUniversalMessage[][] = [[question], [question, listing, files], [question, listing, files, answer, followUp]]
  for (const [index, messages] of sends.entries()) {
    run.request(`x${index < 2 ? 1 : 2}`, index * 10, index + 1, 'offline-demo', messages)
    run.response(`x${index < 2 ? 1 : 2}`, index * 10 + 5, index + 1, 'ok')
  }
  const live = run.events
  let previous: { seq: number; messages: readonly unknown[] } | undefined
  // Read back from storage: copies, not the live objects.
  const recorded = live.map((event) => {
    if (event.type !== 'provider_request') return structuredClone(event)
    const stored = toRecordedRequest(event, previous)
    previous = { seq: event.seq, messages: event.data.messages }
    return structuredClone(stored)
  })
  return { live, recorded, sends }
}

const requestsOf = (events: readonly TExecutionEventEnvelope[]) => events.filter((event): event is TRequest => event.type === 'provider_request')

describe('createSentTokenCounter', () => {
  it('counts what a recorded request sent through the requests it names, as the live request counts', () => {
    const { live, recorded, sends } = liveAndRecorded()
    // The log keeps only what each request added: the later two name the one before.
    expect(requestsOf(recorded).map((request) => request.data.messages.length)).toEqual([1, 2, 2])
    const liveCount = createSentTokenCounter(live)
    const recordedCount = createSentTokenCounter(recorded)
    for (const [index, request] of requestsOf(recorded).entries()) {
      const whole = (sends[index] ?? []).reduce((sum, message) => sum + estimateMessageTokens(message), 0)
      expect(recordedCount(request)).toEqual({ tokens: whole, whole: true })
      expect(liveCount(requestsOf(live)[index] as TRequest)).toEqual({ tokens: whole, whole: true })
    }
    expect(measureTurnUsage(recorded)).toEqual(measureTurnUsage(live))
  })

  it('counts a request that sent only part of the earlier one (after a compaction) through that part', () => {
    const { recorded, sends } = liveAndRecorded()
    const [first] = requestsOf(recorded)
    const partial = { ...first, seq: 99, data: { ...first!.data, historyRange: { seq: requestsOf(recorded)[2]!.seq, count: 2 }, messages: [] } } as TRequest
    const counted = createSentTokenCounter([...recorded, partial])(partial)
    expect(counted).toEqual({ tokens: estimateMessageTokens(sends[0]![0]!) + estimateMessageTokens(sends[1]![1]!), whole: true })
  })

  it('says when the request a range names is not loaded: it counts only what it can', () => {
    const { recorded, sends } = liveAndRecorded()
    const window = recorded.slice(2)
    const [second] = requestsOf(window)
    const added = (sends[1] ?? []).slice(1).reduce((sum, message) => sum + estimateMessageTokens(message), 0)
    expect(createSentTokenCounter(window)(second as TRequest)).toEqual({ tokens: added, whole: false })
  })
})
