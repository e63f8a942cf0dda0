import { estimateContextTokensFromMessages, type IContextWindowState } from '../core/context/estimation.ts'
import { getModelContextWindow } from '../core/context/models.ts'
import { showValue } from '../core/describe-value.ts'
import { ConfigurationError } from '../core/errors.ts'
import { createSystemMessage, type TUniversalMessage } from '../core/messages.ts'

/** Share of the context window at which a session compacts on its own, as the spec sets. */
export const DEFAULT_AUTO_COMPACT_THRESHOLD = 0.835

/** How a tracker sizes the window and when it calls for compaction. */
export type TContextWindowTrackerOptions = {
  model: string
  /** The window in tokens, when the model table does not know the model. */
  contextWindow?: number
  /** Share of the window that triggers auto-compaction (above 0, at most 1), or `false` for never. */
  autoCompactThreshold?: number | false
}

/**
 * How full a session's context window is. Sizes come from the core's estimate (the latest
 * provider usage when it belongs to the last message, otherwise the larger of that usage and a
 * character count), measured over the system message and the history together.
 */
export class ContextWindowTracker {
  private model: string
  private readonly contextWindow: number | undefined
  private readonly threshold: number | false

  constructor(options: TContextWindowTrackerOptions) {
    this.model = options.model
    this.contextWindow = options.contextWindow
    const threshold = options.autoCompactThreshold ?? DEFAULT_AUTO_COMPACT_THRESHOLD
    if (threshold !== false && !(typeof threshold === 'number' && threshold > 0 && threshold <= 1)) {
      throw new ConfigurationError(`new ContextWindowTracker(options): autoCompactThreshold must be above 0 and at most 1, or false; got ${showValue(threshold)}.`)
    }
    this.threshold = threshold
  }

  /** The model whose window is measured; a switch changes the window. */
  setModel(model: string): void {
    this.model = model
  }

  /** The window size in tokens. */
  getMaxTokens(): number {
    return this.contextWindow ?? getModelContextWindow(this.model)
  }

  /** The auto-compaction threshold, or `false` when auto-compaction is off. */
  getThreshold(): number | false {
    return this.threshold
  }

  /**
   * Used and maximum tokens, and the share used as a percentage with one decimal: the one figure
   * `/context`, auto-compaction and the playground's meter all show.
   */
  getContextState(messages: readonly TUniversalMessage[], systemMessage?: string): IContextWindowState {
    const measured = systemMessage ? [createSystemMessage(systemMessage, { id: 'system', timestamp: 0 }), ...messages] : messages
    const estimate = estimateContextTokensFromMessages(measured)
    const usedTokens = estimate.effectiveTokens
    const maxTokens = this.getMaxTokens()
    return { maxTokens, usedTokens, usedPercentage: Math.round((usedTokens / maxTokens) * 1000) / 10, estimated: estimate.providerTokens === undefined }
  }

  /** True when auto-compaction is on and `state` has reached the threshold. */
  shouldAutoCompact(state: IContextWindowState): boolean {
    return this.threshold !== false && state.usedTokens >= state.maxTokens * this.threshold
  }
}
