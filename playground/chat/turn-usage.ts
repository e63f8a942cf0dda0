import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { formatCount } from '../shell/format-count.ts'

/** Tokens one turn (a prompt and every model reply up to the next prompt) used, as the provider reported them. */
export type TTurnUsage = {
  inputTokens: number
  outputTokens: number
  cacheReadTokens: number
  cacheWriteTokens: number
  reasoningTokens: number
}

const USAGE_KEYS = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'] as const

/**
 * The usage of each turn, keyed by the id of the turn's last assistant message (where the page
 * shows it). A turn whose replies reported no usage (the offline demo, some compatible servers)
 * has no entry.
 */
export function collectTurnUsage(messages: readonly TUniversalMessage[]): Map<string, TTurnUsage> {
  const byLastReply = new Map<string, TTurnUsage>()
  let current: TTurnUsage | undefined
  let lastReplyId: string | undefined
  const close = () => {
    if (current && lastReplyId) byLastReply.set(lastReplyId, current)
    current = undefined
    lastReplyId = undefined
  }
  for (const message of messages) {
    if (message.role === 'user') close()
    if (message.role !== 'assistant') continue
    lastReplyId = message.id
    const metadata = message.metadata ?? {}
    if (typeof metadata.inputTokens !== 'number' && typeof metadata.outputTokens !== 'number') continue
    current ??= { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 }
    for (const key of USAGE_KEYS) {
      const value = metadata[key]
      if (typeof value === 'number') current[key] += value
    }
  }
  close()
  return byLastReply
}

/** `1,200 in · 80 out · 900 cache read · 300 cache write · 40 reasoning`; the cache and reasoning parts only when not zero. */
export function describeTurnUsage(usage: TTurnUsage): string {
  const parts = [`${formatCount(usage.inputTokens)} in`, `${formatCount(usage.outputTokens)} out`]
  if (usage.cacheReadTokens > 0) parts.push(`${formatCount(usage.cacheReadTokens)} cache read`)
  if (usage.cacheWriteTokens > 0) parts.push(`${formatCount(usage.cacheWriteTokens)} cache write`)
  if (usage.reasoningTokens > 0) parts.push(`${formatCount(usage.reasoningTokens)} reasoning`)
  return parts.join(' · ')
}
