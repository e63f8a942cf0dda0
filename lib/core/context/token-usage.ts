import type { TUniversalMessage, TUniversalMessageMetadata } from '../messages.ts'

/** Token usage of one provider call, normalized whatever shape the provider reported. */
export type IMessageTokenUsage = {
  inputTokens: number
  outputTokens: number
  cacheReadTokens: number
  cacheWriteTokens: number
  reasoningTokens: number
}

/** Token usage of a single API call, as context accounting reads it. */
export type IContextTokenUsage = IMessageTokenUsage

const ALIASES: Record<keyof IMessageTokenUsage, readonly string[]> = {
  inputTokens: ['inputTokens', 'promptTokens', 'input_tokens', 'prompt_tokens'],
  outputTokens: ['outputTokens', 'completionTokens', 'output_tokens', 'completion_tokens'],
  cacheReadTokens: ['cacheReadTokens', 'cache_read_input_tokens', 'cachedTokens'],
  cacheWriteTokens: ['cacheWriteTokens', 'cache_creation_input_tokens'],
  reasoningTokens: ['reasoningTokens', 'reasoning_tokens']
}

function firstNumber(source: Record<string, unknown>, keys: readonly string[]): number | undefined {
  for (const key of keys) {
    const value = source[key]
    if (typeof value === 'number' && Number.isFinite(value)) return value
  }
  return undefined
}

/**
 * Reads usage from flat metadata (`inputTokens`, or `promptTokens`/`completionTokens`) or from a
 * nested `usage` record; `undefined` when no input or output count is present.
 */
export function readTokenUsage(metadata: Record<string, unknown> | undefined): IMessageTokenUsage | undefined {
  if (!metadata) return undefined
  const nested = metadata.usage
  const sources = [metadata, ...(nested && typeof nested === 'object' ? [nested as Record<string, unknown>] : [])]
  for (const source of sources) {
    const inputTokens = firstNumber(source, ALIASES.inputTokens)
    const outputTokens = firstNumber(source, ALIASES.outputTokens)
    if (inputTokens === undefined && outputTokens === undefined) continue
    return {
      inputTokens: inputTokens ?? 0,
      outputTokens: outputTokens ?? 0,
      cacheReadTokens: firstNumber(source, ALIASES.cacheReadTokens) ?? 0,
      cacheWriteTokens: firstNumber(source, ALIASES.cacheWriteTokens) ?? 0,
      reasoningTokens: firstNumber(source, ALIASES.reasoningTokens) ?? 0
    }
  }
  return undefined
}

/** The normalized usage a message carries, if any. */
export function readTokenUsageFromMessage(message: TUniversalMessage): IMessageTokenUsage | undefined {
  return readTokenUsage(message.metadata)
}

/**
 * Rewrites usage metadata to the canonical keys, so history always says `inputTokens` and
 * `outputTokens` whichever names the provider used. Other metadata is kept.
 */
export function normalizeUsageMetadata(
  metadata: TUniversalMessageMetadata | undefined
): TUniversalMessageMetadata | undefined {
  const usage = readTokenUsage(metadata)
  if (!metadata || !usage) return metadata
  const normalized: TUniversalMessageMetadata = {}
  const replaced = new Set<string>(['usage', 'totalTokens', ...Object.values(ALIASES).flat()])
  for (const [key, value] of Object.entries(metadata)) if (!replaced.has(key)) normalized[key] = value
  normalized.inputTokens = usage.inputTokens
  normalized.outputTokens = usage.outputTokens
  if (usage.cacheReadTokens) normalized.cacheReadTokens = usage.cacheReadTokens
  if (usage.cacheWriteTokens) normalized.cacheWriteTokens = usage.cacheWriteTokens
  if (usage.reasoningTokens) normalized.reasoningTokens = usage.reasoningTokens
  return normalized
}
