import { assertWholeNumber } from '../core/assert-whole-number.ts'
import type { ISessionStore, TSessionSummary } from '../storage/session-store.ts'
import { noSuchSessionError } from './no-such-session.ts'
import type { TMessagePage } from './port/host-sessions.ts'


/**
 * The latest page of a conversation, read without the rest: at most `latest` messages, starting
 * at the first user message among them when there is one, so the page opens on a turn rather
 * than in the middle of one. The whole conversation when it is no longer.
 * @throws ValidationError when `latest` is not a whole number of at least 1, or no session has that id.
 */
export async function readLatestMessagePage(store: ISessionStore, sessionId: string, latest: number): Promise<{ summary: TSessionSummary; page: TMessagePage }> {
  assertWholeNumber('openSession(): latestMessages', latest, 1)
  const window = await store.loadMessageWindow(sessionId, { count: latest })
  if (!window) throw noSuchSessionError(sessionId)
  const turnStart = window.firstIndex > 0 ? Math.max(0, window.messages.findIndex((message) => message.role === 'user')) : 0
  return { summary: window.summary, page: { messages: window.messages.slice(turnStart), firstIndex: window.firstIndex + turnStart } }
}

/**
 * The page of at most `count` messages just before `beforeIndex`, oldest first, read without the rest.
 * @throws ValidationError when an argument is not a whole number in range, or no session has that id.
 */
export async function readEarlierMessagePage(store: ISessionStore, sessionId: string, beforeIndex: number, count: number): Promise<TMessagePage> {
  assertWholeNumber('loadEarlierMessages(): count', count, 1)
  assertWholeNumber('loadEarlierMessages(): beforeIndex', beforeIndex, 0)
  const window = await store.loadMessageWindow(sessionId, { count, beforeIndex })
  if (!window) throw noSuchSessionError(sessionId)
  return { messages: window.messages, firstIndex: window.firstIndex }
}
