import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { ASSUMED_CONTEXT_WINDOW, findModel } from '../settings/provider-catalog.ts'

/** How full the model's context window is. */
export type TContextUsage = {
  usedTokens: number
  maxTokens: number
  /** True when no provider reported usage and the count is estimated from the text (4 characters a token). */
  estimated: boolean
  model: string
}

const CHARACTERS_PER_TOKEN = 4

/**
 * Context used by the session: the last reported usage (prompt, cache and output tokens) plus an
 * estimate for the messages after it; without any reported usage, an estimate of the whole
 * history. The window comes from the model of the last request, or `fallbackModel`.
 */
export function measureContextUsage(
  messages: readonly TUniversalMessage[],
  events: readonly TExecutionEventEnvelope[],
  fallbackModel: string
): TContextUsage {
  const lastRequest = events.findLast((event) => event.type === 'provider_request')
  const model = lastRequest?.type === 'provider_request' ? lastRequest.data.model : fallbackModel
  const maxTokens = findModel(model)?.contextWindow ?? ASSUMED_CONTEXT_WINDOW
  const reportedIndex = messages.findLastIndex((message) => reportedTokens(message) !== undefined)
  const reported = reportedIndex >= 0 ? reportedTokens(messages[reportedIndex] as TUniversalMessage) : undefined
  const rest = messages.slice(reportedIndex + 1)
  const estimate = rest.reduce((sum, message) => sum + Math.ceil(JSON.stringify(message.content).length / CHARACTERS_PER_TOKEN), 0)
  return { usedTokens: (reported ?? 0) + estimate, maxTokens, estimated: reported === undefined, model }
}

function reportedTokens(message: TUniversalMessage): number | undefined {
  const metadata = message.metadata
  if (message.role !== 'assistant' || !metadata) return undefined
  const count = (key: string) => (typeof metadata[key] === 'number' ? (metadata[key] as number) : 0)
  if (typeof metadata.inputTokens !== 'number' && typeof metadata.outputTokens !== 'number') return undefined
  return count('inputTokens') + count('cacheReadTokens') + count('cacheWriteTokens') + count('outputTokens')
}

/** `1234` → `1.2k`, `200000` → `200k`, `1047576` → `1.05M`. */
export function formatTokens(tokens: number): string {
  if (tokens >= 1_000_000) return `${Number((tokens / 1_000_000).toPrecision(3))}M`
  if (tokens >= 1_000) return `${Number((tokens / 1_000).toPrecision(tokens >= 100_000 ? 3 : 2))}k`
  return String(tokens)
}
