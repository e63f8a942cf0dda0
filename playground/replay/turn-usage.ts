import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { findModelPrice } from './model-prices.ts'
import { splitRunTurns } from './run-turns.ts'
import { createSentTokenCounter, estimateMessageTokens, estimateTextTokens, type TTokenEstimate } from './sent-tokens.ts'

/** Tokens and cost of one turn, summed over its model calls. */
export type TTurnUsage = {
  executionId: string
  turn: number
  /** The model of the turn's last call. */
  model: string | undefined
  calls: number
  inputTokens: number
  outputTokens: number
  cacheReadTokens: number
  cacheWriteTokens: number
  /** True when a call reported no usage, so its tokens are estimated from the text (4 characters a token). */
  estimated: boolean
  /** US dollars at the model's list price; absent when the price is not known. */
  costUsd?: number
}

/**
 * Per-turn usage from each `provider_response_normalized`'s metadata (providers normalize it to
 * `inputTokens`, `outputTokens`, `cacheReadTokens`, `cacheWriteTokens`, input excluding cache),
 * with a text estimate for calls that report none, and the cost where the model's price is known.
 */
export function measureTurnUsage(events: readonly TExecutionEventEnvelope[]): TTurnUsage[] {
  const sentTokens = createSentTokenCounter(events)
  return splitRunTurns(events).flatMap(({ executionId, turn, events: turnEvents }) => {
    const usage: TTurnUsage = { executionId, turn, model: undefined, calls: 0, inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, estimated: false }
    let request: TExecutionEventEnvelope<'provider_request'> | undefined
    let costUsd: number | undefined = 0
    for (const event of turnEvents) {
      if (event.type === 'provider_request') request = event
      if (event.type !== 'provider_response_normalized') continue
      const model = request?.data.model
      const call = callTokens(event, request, sentTokens)
      usage.calls++
      usage.model = model
      usage.inputTokens += call.inputTokens
      usage.outputTokens += call.outputTokens
      usage.cacheReadTokens += call.cacheReadTokens
      usage.cacheWriteTokens += call.cacheWriteTokens
      usage.estimated ||= call.estimated
      const price = model === undefined ? undefined : findModelPrice(model)
      costUsd = price && costUsd !== undefined
        ? costUsd + (call.inputTokens * price.input + call.outputTokens * price.output + call.cacheReadTokens * price.cacheRead + call.cacheWriteTokens * price.cacheWrite) / 1_000_000
        : undefined
    }
    if (usage.calls === 0) return []
    return [costUsd === undefined ? usage : { ...usage, costUsd }]
  })
}

type TCallTokens = Pick<TTurnUsage, 'inputTokens' | 'outputTokens' | 'cacheReadTokens' | 'cacheWriteTokens'>

// Recorded events never change: a call is measured once, not again at each streamed batch (an
// estimate reads the whole request), unless its estimate lacked messages not loaded yet.
const measured = new WeakMap<TExecutionEventEnvelope, TCallTokens & { estimated: boolean }>()

function callTokens(
  response: TExecutionEventEnvelope<'provider_response_normalized'>,
  request: TExecutionEventEnvelope<'provider_request'> | undefined,
  sentTokens: (request: TExecutionEventEnvelope<'provider_request'>) => TTokenEstimate
) {
  const known = measured.get(response)
  if (known) return known
  const reported = reportedUsage(response.data.response.metadata)
  if (reported) {
    const tokens = { ...reported, estimated: false }
    measured.set(response, tokens)
    return tokens
  }
  const sent = request ? sentTokens(request) : { tokens: 0, whole: true }
  const tokens = { inputTokens: sent.tokens, outputTokens: estimatedOutputTokens(response.data.response), cacheReadTokens: 0, cacheWriteTokens: 0, estimated: true }
  if (sent.whole) measured.set(response, tokens)
  return tokens
}

function reportedUsage(metadata: Record<string, unknown> | undefined): TCallTokens | undefined {
  if (!metadata || (typeof metadata.inputTokens !== 'number' && typeof metadata.outputTokens !== 'number')) return undefined
  const count = (key: string) => (typeof metadata[key] === 'number' ? (metadata[key] as number) : 0)
  return { inputTokens: count('inputTokens'), outputTokens: count('outputTokens'), cacheReadTokens: count('cacheReadTokens'), cacheWriteTokens: count('cacheWriteTokens') }
}

function estimatedOutputTokens(answer: TUniversalMessage): number {
  const calls = answer.role === 'assistant' ? JSON.stringify(answer.toolCalls ?? []) : ''
  return estimateMessageTokens(answer) + (calls === '[]' ? 0 : estimateTextTokens(calls))
}
