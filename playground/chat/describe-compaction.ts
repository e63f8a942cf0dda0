import type { TCompactionOutcome } from '../../lib/session/compaction/compaction-types.ts'

/** The last compaction of a session: what it came to, or why it failed. */
export type TCompactionResult = { outcome: TCompactionOutcome } | { failure: string }

/**
 * A compaction's result in one sentence, token counts in `formatTokens`' format; `failed` when the
 * conversation stayed as it was.
 */
export function describeCompaction(result: TCompactionResult, formatTokens: (tokens: number) => string): { text: string; failed: boolean } {
  if ('failure' in result) return { text: `The compaction failed: ${result.failure} The conversation is unchanged.`, failed: true }
  const { outcome } = result
  if (!outcome.compacted) return { text: `Nothing was compacted: ${outcome.reason}.`, failed: true }
  const opening = outcome.trigger === 'auto' ? 'The context window was nearly full, so the conversation was compacted' : 'The conversation was compacted'
  return { text: `${opening}: ${outcome.messagesBefore} messages became one summary (${formatTokens(outcome.tokensBefore)} → ${formatTokens(outcome.tokensAfter)} tokens).`, failed: false }
}
