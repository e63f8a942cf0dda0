import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TUniversalMessage } from '../../lib/core/messages.ts'

type TRequest = TExecutionEventEnvelope<'provider_request'>

/** An estimate of tokens, and whether every message it counts was loaded. */
export type TTokenEstimate = { tokens: number; whole: boolean }

// The same rule as the context meter's estimate, so the two agree for a model that reports nothing.
const CHARACTERS_PER_TOKEN = 4

/** Estimated tokens of a text: 4 characters a token. */
export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / CHARACTERS_PER_TOKEN)
}

/** A message's estimated tokens: its content as JSON. */
export function estimateMessageTokens(message: TUniversalMessage): number {
  return estimateTextTokens(JSON.stringify(message.content))
}

// Recorded requests never change: a whole estimate is kept, one still missing messages is not.
const wholeEstimates = new WeakMap<TRequest, number>()

/**
 * Counts the estimated tokens each model call sent. A request read as its replay log records it
 * carries only the messages it added and names the earlier request whose first `count` messages
 * it sent before them (`historyRange`); those are counted through the loaded requests, so a
 * session read again estimates what a page that watched it live did. A request named but not
 * loaded (before the loaded events) counts as nothing, and the estimate is not `whole`.
 */
export function createSentTokenCounter(events: readonly TExecutionEventEnvelope[]): (request: TRequest) => TTokenEstimate {
  // Read only when an estimate needs an earlier request: calls that report usage never do.
  let requests: Map<number, TRequest> | undefined
  const requestAt = (seq: number) => {
    requests ??= new Map(events.flatMap((event) => (event.type === 'provider_request' ? [[event.seq, event] as const] : [])))
    return requests.get(seq)
  }
  const sum = (messages: readonly TUniversalMessage[]) => messages.reduce((total, message) => total + estimateMessageTokens(message), 0)

  const sent = (request: TRequest): TTokenEstimate => {
    const known = wholeEstimates.get(request)
    if (known !== undefined) return { tokens: known, whole: true }
    const range = request.data.historyRange
    const shared = range ? firstOf(range.seq, range.count) : { tokens: 0, whole: true }
    const estimate = { tokens: shared.tokens + sum(request.data.messages), whole: shared.whole }
    if (estimate.whole) wholeEstimates.set(request, estimate.tokens)
    return estimate
  }

  // The first `count` messages the request at `seq` sent.
  const firstOf = (seq: number, count: number): TTokenEstimate => {
    const request = requestAt(seq)
    if (!request) return { tokens: 0, whole: false }
    const shared = request.data.historyRange?.count ?? 0
    if (count >= shared + request.data.messages.length) return sent(request)
    const own = sum(request.data.messages.slice(0, Math.max(0, count - shared)))
    const range = request.data.historyRange
    if (!range) return { tokens: own, whole: true }
    const earlier = firstOf(range.seq, Math.min(count, shared))
    return { tokens: earlier.tokens + own, whole: earlier.whole }
  }

  return sent
}
