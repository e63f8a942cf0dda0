import type { IContextTokenEstimate } from '../context/estimation.ts'
import type { ConversationStore } from '../conversation-store.ts'

/** Share of the context window past which a prompt is not sent at all. */
export const PRE_SEND_CONTEXT_THRESHOLD = 0.95

/** Share of the context window past which further tool results of a batch are skipped. */
export const TOOL_RESULT_CONTEXT_THRESHOLD = 0.8

/** What a skipped tool result says to the model. */
export const CONTEXT_SKIPPED_TOOL_RESULT = 'Error: Context window near capacity. Tool execution result skipped.'

/** Why a prompt was held back: the estimate and the limits it was checked against. */
export type TContextBlock = { estimate: IContextTokenEstimate; maxTokens: number; thresholdTokens: number }

/** Returns the block when the conversation is past the pre-send threshold, else `undefined`. */
export function checkPreSendCapacity(store: ConversationStore, contextWindow: number): TContextBlock | undefined {
  const estimate = store.estimateContextTokens()
  const thresholdTokens = Math.floor(contextWindow * PRE_SEND_CONTEXT_THRESHOLD)
  if (estimate.effectiveTokens <= thresholdTokens) return undefined
  return { estimate, maxTokens: contextWindow, thresholdTokens }
}

/** Words the block for people and for the model, with every number behind it. */
export function describeContextBlock(block: TContextBlock): string {
  const { estimate, maxTokens, thresholdTokens } = block
  return (
    `The conversation is too large to send: about ${estimate.effectiveTokens} tokens of a ${maxTokens}-token ` +
    `context window (limit ${thresholdTokens}, ${PRE_SEND_CONTEXT_THRESHOLD * 100}%). Serialized estimate: ` +
    `${estimate.serializedTokens}; provider usage floor: ${estimate.providerTokens ?? 'none'}. ` +
    'Compact or clear the conversation, then try again.'
  )
}

/**
 * True when the history, measured at two characters per token (the spec's conservative tool
 * budget measure), is past the tool-result threshold.
 */
export function isToolResultBudgetExceeded(store: ConversationStore, contextWindow: number): boolean {
  return store.getSerializedCharacterCount() / 2 > contextWindow * TOOL_RESULT_CONTEXT_THRESHOLD
}
