import type { TUniversalMessage } from '../messages.ts'
import { readTokenUsageFromMessage, type IMessageTokenUsage } from './token-usage.ts'

/** Characters per token of the deterministic fallback estimate. */
export const CHARS_PER_TOKEN = 4

/** An effective context size and the candidates it was chosen from. */
export type IContextTokenEstimate = {
  /** The figure to act on: the largest applicable candidate. */
  effectiveTokens: number
  serializedTokens: number
  /** Tokens the latest provider usage accounts for (input, cache and output), if any. */
  providerTokens: number | undefined
  callerFloorTokens: number | undefined
  /** True when the latest provider usage belongs to the last message: an exact post-response state. */
  exact: boolean
}

/** Characters a message contributes to the serialized estimate: its text and tool call arguments. */
export function serializedMessageLength(message: TUniversalMessage): number {
  let length = message.role.length + message.content.length
  if (message.role === 'assistant') {
    for (const call of message.toolCalls ?? []) length += call.name.length + JSON.stringify(call.arguments).length
  }
  if (message.role === 'tool') length += message.toolName.length
  return length
}

/** Deterministic size estimate of a message list from its characters. */
export function estimateSerializedContextTokens(messages: readonly TUniversalMessage[]): number {
  let characters = 0
  for (const message of messages) characters += serializedMessageLength(message)
  return Math.ceil(characters / CHARS_PER_TOKEN)
}

/** Tokens a provider usage report says the context held after that response. */
export function usageContextTokens(usage: IMessageTokenUsage): number {
  return usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens + usage.outputTokens
}

/**
 * The context size a message's provider usage measured, or `undefined` when it has none. A usage
 * of no tokens at all measured nothing (OpenAI-compatible servers that do not count report zeros):
 * it would make a whole conversation count as empty.
 */
export function measuredContextTokens(message: TUniversalMessage): number | undefined {
  const usage = readTokenUsageFromMessage(message)
  const tokens = usage ? usageContextTokens(usage) : 0
  return tokens > 0 ? tokens : undefined
}

/**
 * Combines the candidates by the spec's rule: provider usage on the terminal message is exact;
 * otherwise the estimate is the max of the serialized estimate, the latest provider usage and
 * the caller's floor. Historical usage is never summed.
 */
export function combineContextEstimate(
  serializedTokens: number,
  latestUsageTokens: number | undefined,
  usageIsTerminal: boolean,
  callerFloorTokens?: number
): IContextTokenEstimate {
  const exact = latestUsageTokens !== undefined && usageIsTerminal
  const candidates = exact
    ? [latestUsageTokens, callerFloorTokens ?? 0]
    : [serializedTokens, latestUsageTokens ?? 0, callerFloorTokens ?? 0]
  return {
    effectiveTokens: Math.max(...candidates),
    serializedTokens,
    providerTokens: latestUsageTokens,
    callerFloorTokens,
    exact
  }
}

/** The effective context size of `messages`, from their text and the latest provider usage. */
export function estimateContextTokensFromMessages(
  messages: readonly TUniversalMessage[],
  callerFloorTokens?: number
): IContextTokenEstimate {
  let latestIndex = -1
  let latestTokens: number | undefined
  for (let index = messages.length - 1; index >= 0 && latestTokens === undefined; index--) {
    const message = messages[index]
    latestTokens = message ? measuredContextTokens(message) : undefined
    if (latestTokens !== undefined) latestIndex = index
  }
  return combineContextEstimate(
    estimateSerializedContextTokens(messages),
    latestTokens,
    latestIndex === messages.length - 1,
    callerFloorTokens
  )
}

/** A context window snapshot for status displays. */
export type IContextWindowState = {
  maxTokens: number
  usedTokens: number
  usedPercentage: number
  /** True when no provider usage is among the messages: `usedTokens` is counted from the text alone. */
  estimated: boolean
}
