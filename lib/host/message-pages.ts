import { ValidationError } from '../core/errors.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { TMessagePage } from './port/host-sessions.ts'

/**
 * The latest page of a conversation: at most `latest` messages, starting at the first user
 * message among them when there is one, so the page opens on a turn rather than in the middle of
 * one. The whole conversation when it is no longer.
 */
export function latestMessagePage(messages: readonly TUniversalMessage[], latest: number): TMessagePage {
  assertCount('openSession(): latestMessages', latest)
  let firstIndex = Math.max(0, messages.length - latest)
  if (firstIndex > 0) {
    const turnStart = messages.findIndex((message, index) => index >= firstIndex && message.role === 'user')
    if (turnStart >= 0) firstIndex = turnStart
  }
  return { messages: messages.slice(firstIndex), firstIndex }
}

/** The page of at most `count` messages just before `beforeIndex`, oldest first. */
export function earlierMessagePage(messages: readonly TUniversalMessage[], beforeIndex: number, count: number): TMessagePage {
  assertCount('loadEarlierMessages(): count', count)
  if (!Number.isInteger(beforeIndex) || beforeIndex < 0) throw new ValidationError(`loadEarlierMessages(): beforeIndex must be a whole number of at least 0, not ${String(beforeIndex)}.`)
  const end = Math.min(beforeIndex, messages.length)
  const firstIndex = Math.max(0, end - count)
  return { messages: messages.slice(firstIndex, end), firstIndex }
}

function assertCount(name: string, count: number): void {
  if (!Number.isInteger(count) || count < 1) throw new ValidationError(`${name} must be a whole number of at least 1, not ${String(count)}.`)
}
