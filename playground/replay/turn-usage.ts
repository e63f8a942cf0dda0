import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { findModelPrice } from './model-prices.ts'
import { splitRunTurns } from './run-turns.ts'

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

// The same rule as the context meter's estimate, so the two agree for a model that reports nothing.
const CHARACTERS_PER_TOKEN = 4

/**
 * Per-turn usage from each `provider_response_normalized`'s metadata (providers normalize it to
 * `inputTokens`, `outputTokens`, `cacheReadTokens`, `cacheWriteTokens`, input excluding cache),
 * with a text estimate for calls that report none, and the cost where the model's price is known.
 */
export function measureTurnUsage(events: readonly TExecutionEventEnvelope[]): TTurnUsage[] {
  return splitRunTurns(events).flatMap(({ executionId, turn, events: turnEvents }) => {
    const usage: TTurnUsage = { executionId, turn, model: undefined, calls: 0, inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, estimated: false }
    let request: TExecutionEventEnvelope<'provider_request'> | undefined
    let costUsd: number | undefined = 0
    for (const event of turnEvents) {
      if (event.type === 'provider_request') request = event
      if (event.type !== 'provider_response_normalized') continue
      const model = request?.data.model
      const call = callTokens(event, request)
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
// estimate reads the whole request).
const measured = new WeakMap<TExecutionEventEnvelope, TCallTokens & { estimated: boolean }>()

function callTokens(response: TExecutionEventEnvelope<'provider_response_normalized'>, request: TExecutionEventEnvelope<'provider_request'> | undefined) {
  let tokens = measured.get(response)
  if (!tokens) {
    const reported = reportedUsage(response.data.response.metadata)
    tokens = reported ? { ...reported, estimated: false } : { ...estimatedUsage(request?.data.messages ?? [], response.data.response), estimated: true }
    measured.set(response, tokens)
  }
  return tokens
}

function reportedUsage(metadata: Record<string, unknown> | undefined): TCallTokens | undefined {
  if (!metadata || (typeof metadata.inputTokens !== 'number' && typeof metadata.outputTokens !== 'number')) return undefined
  const count = (key: string) => (typeof metadata[key] === 'number' ? (metadata[key] as number) : 0)
  return { inputTokens: count('inputTokens'), outputTokens: count('outputTokens'), cacheReadTokens: count('cacheReadTokens'), cacheWriteTokens: count('cacheWriteTokens') }
}

function estimatedUsage(sent: readonly TUniversalMessage[], answer: TUniversalMessage): TCallTokens {
  const tokens = (text: string) => Math.ceil(text.length / CHARACTERS_PER_TOKEN)
  const calls = answer.role === 'assistant' ? JSON.stringify(answer.toolCalls ?? []) : ''
  return {
    inputTokens: sent.reduce((sum, message) => sum + tokens(JSON.stringify(message.content)), 0),
    outputTokens: tokens(JSON.stringify(answer.content)) + (calls === '[]' ? 0 : tokens(calls)),
    cacheReadTokens: 0,
    cacheWriteTokens: 0
  }
}
