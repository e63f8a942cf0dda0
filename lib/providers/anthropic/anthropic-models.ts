/** Output token ceilings by model family, longest prefix first; used when a call sets no `maxTokens`. */
const MAX_OUTPUT_TOKENS: ReadonlyArray<readonly [prefix: string, maxTokens: number]> = [
  ['claude-opus-4-0', 32_000],
  ['claude-opus-4-1', 32_000],
  ['claude-opus-4-2025', 32_000],
  ['claude-opus-4', 64_000],
  ['claude-sonnet-4', 64_000],
  ['claude-haiku-4', 64_000],
  ['claude-3-7-sonnet', 64_000],
  ['claude-3-5-haiku', 8_192],
  ['claude-3-5-sonnet', 8_192],
  ['claude-3-haiku', 4_096]
]

/** The `max_tokens` a model is sent by default: the table's ceiling, or 8,192 for a model it does not know. */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 8_192

/** Looks up the output ceiling of a model by its id prefix. */
export function anthropicMaxOutputTokens(model: string): number {
  return MAX_OUTPUT_TOKENS.find(([prefix]) => model.startsWith(prefix))?.[1] ?? DEFAULT_ANTHROPIC_MAX_TOKENS
}
