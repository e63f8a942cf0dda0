import type { CompletionUsage } from 'openai/resources/completions'
import type { ResponseUsage } from 'openai/resources/responses/responses'
import type { TUniversalMessageMetadata } from '../../core/messages.ts'

type TCounts = { input: number; output: number; cacheRead: unknown; cacheWrite: unknown; reasoning: unknown }

/**
 * Robota's usage metadata from a Responses API `usage` object. OpenAI's input count includes
 * cached tokens; Robota's `inputTokens` leaves them out, as `cacheReadTokens`/`cacheWriteTokens`.
 */
export function fromResponsesUsage(usage: ResponseUsage | null | undefined): TUniversalMessageMetadata {
  if (!usage) return {}
  const input = usage.input_tokens_details as Partial<ResponseUsage.InputTokensDetails> | undefined
  const output = usage.output_tokens_details as Partial<ResponseUsage.OutputTokensDetails> | undefined
  return toMetadata({
    input: usage.input_tokens,
    output: usage.output_tokens,
    cacheRead: input?.cached_tokens,
    cacheWrite: input?.cache_write_tokens,
    reasoning: output?.reasoning_tokens
  })
}

/** Robota's usage metadata from a Chat Completions `usage` object (servers vary in the details they send). */
export function fromChatCompletionsUsage(usage: CompletionUsage | null | undefined): TUniversalMessageMetadata {
  if (!usage) return {}
  return toMetadata({
    input: usage.prompt_tokens,
    output: usage.completion_tokens,
    cacheRead: usage.prompt_tokens_details?.cached_tokens,
    cacheWrite: usage.prompt_tokens_details?.cache_write_tokens,
    reasoning: usage.completion_tokens_details?.reasoning_tokens
  })
}

function toMetadata(counts: TCounts): TUniversalMessageMetadata {
  const cacheRead = typeof counts.cacheRead === 'number' ? counts.cacheRead : undefined
  const cacheWrite = typeof counts.cacheWrite === 'number' ? counts.cacheWrite : undefined
  const metadata: TUniversalMessageMetadata = {
    inputTokens: Math.max(0, counts.input - (cacheRead ?? 0) - (cacheWrite ?? 0)),
    outputTokens: counts.output
  }
  if (cacheRead !== undefined) metadata.cacheReadTokens = cacheRead
  if (cacheWrite !== undefined) metadata.cacheWriteTokens = cacheWrite
  if (typeof counts.reasoning === 'number') metadata.reasoningTokens = counts.reasoning
  return metadata
}
