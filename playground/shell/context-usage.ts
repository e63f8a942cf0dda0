import type { TSessionContextState } from '../../worker/react/session-status.ts'
import { findModel } from '../settings/provider-catalog.ts'

/** How full the model's context window is. */
export type TContextUsage = {
  usedTokens: number
  maxTokens: number
  /** True when no provider reported usage and the count is estimated from the text (4 characters a token). */
  estimated: boolean
  model: string
}

/**
 * The session's context as the meter shows it: the engine's own estimate (`useAgentSession`'s
 * `context`, the figure auto-compaction acts on), against the window of the model of the last
 * request, or of `fallbackModel` (the one chosen in the settings) before the first.
 */
export function toContextUsage(context: TSessionContextState, fallbackModel: string): TContextUsage {
  const model = context.model ?? fallbackModel
  return { usedTokens: context.usedTokens, maxTokens: findModel(model)?.contextWindow ?? context.maxTokens, estimated: context.estimated, model }
}
