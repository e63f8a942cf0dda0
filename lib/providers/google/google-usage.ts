import type { GenerateContentResponseUsageMetadata } from '@google/genai'
import type { TUniversalMessageMetadata } from '../../core/messages.ts'

/**
 * Robota's usage metadata from Gemini's `usageMetadata`. Gemini's prompt count includes the
 * cached tokens it breaks out (Robota's `inputTokens` leaves them out, as `cacheReadTokens`),
 * and its candidate count leaves out thoughts (Robota's `outputTokens` counts them, with
 * `reasoningTokens` as the part that was thinking).
 */
export function fromGoogleUsage(usage: GenerateContentResponseUsageMetadata | undefined): TUniversalMessageMetadata {
  if (!usage) return {}
  const cached = usage.cachedContentTokenCount
  const thoughts = usage.thoughtsTokenCount
  const prompt = (usage.promptTokenCount ?? 0) + (usage.toolUsePromptTokenCount ?? 0)
  const metadata: TUniversalMessageMetadata = {
    inputTokens: Math.max(0, prompt - (cached ?? 0)),
    outputTokens: (usage.candidatesTokenCount ?? 0) + (thoughts ?? 0)
  }
  if (typeof cached === 'number') metadata.cacheReadTokens = cached
  if (typeof thoughts === 'number') metadata.reasoningTokens = thoughts
  return metadata
}
