import type { TSessionEvent } from '../session/session-events.ts'
import type { ISessionStore, TSessionRecord } from '../storage/session-store.ts'
import { readPermissionDecisions } from './read-permission-decisions.ts'

/** Where a fork's opening events go: the fork's id, and the execution and time they share. */
export type TForkOpening = { sessionId: string; executionId: string; ts: number }

/**
 * The events a fork's log opens with, from seq 0: the copied conversation (`history_replaced`,
 * `reason: 'fork'`), so the fork's log alone rebuilds its history, then a copy of each of the
 * source's `permission_decision` events that decided a copied tool call, marked `copiedFrom` the
 * source, so the fork shows how each call was judged as its source did, and that it was judged there.
 */
export async function forkOpeningEvents(store: ISessionStore, source: TSessionRecord, opening: TForkOpening): Promise<TSessionEvent[]> {
  const decisions = await readPermissionDecisions(store, source.id, source.messages)
  return [
    { seq: 0, ...opening, type: 'history_replaced', data: { reason: 'fork', messages: source.messages, fromSessionId: source.id } },
    ...decisions.map(({ data }, index): TSessionEvent => ({ seq: index + 1, ...opening, type: 'permission_decision', data: { ...data, copiedFrom: source.id } }))
  ]
}
