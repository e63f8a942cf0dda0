import { assertWholeNumber } from '../core/assert-whole-number.ts'
import type { ISessionStore } from '../storage/session-store.ts'
import type { TEventPage } from './port/host-sessions.ts'

/**
 * The latest page of a session's replay log (before `beforeSeq` when given): at most `count`
 * events, starting at the first event of a turn when one is among them, so the page opens on a
 * turn rather than in the middle of one. Reads one event more than it shows, to know whether the
 * page starts a turn and whether earlier events exist.
 * @throws ValidationError naming the argument that is not a whole number in range: `countName`
 * for `count` (the caller's own name for it), `loadEarlierEvents(): beforeSeq` for `beforeSeq`.
 */
export async function readLatestEventPage(
  store: ISessionStore,
  sessionId: string,
  countName: string,
  count: number,
  beforeSeq?: number
): Promise<TEventPage> {
  assertWholeNumber(countName, count, 1)
  if (beforeSeq !== undefined) assertWholeNumber('loadEarlierEvents(): beforeSeq', beforeSeq, 0)
  const read = await store.loadEventWindow(sessionId, { count: count + 1, ...(beforeSeq === undefined ? {} : { beforeSeq }) })
  const [before, ...page] = read
  if (before === undefined || read.length <= count) return { events: read, earlierEvents: false }
  // A turn's events share its execution id and come together: the first with another id starts a turn.
  const turnStart = page.findIndex((event) => event.executionId !== before.executionId)
  return { events: turnStart > 0 ? page.slice(turnStart) : page, earlierEvents: true }
}
