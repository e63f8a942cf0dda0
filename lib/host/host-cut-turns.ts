import { closeInterruptedTurn } from '../session/interrupted-turn.ts'
import type { ISessionStore } from '../storage/session-store.ts'
import type { HostEventHub } from './host-event-hub.ts'
import type { HostRunningTurns } from './host-running-turns.ts'

/** What a host's look at its sessions' cut turns reads and tells. */
export type THostCutTurnsPorts = {
  store: ISessionStore
  turns: Pick<HostRunningTurns, 'isRunning'>
  events: Pick<HostEventHub, 'publish'>
}

/**
 * The look a host takes at a session's stored last turn before it first reads the session: a
 * turn a stopped process left in the middle is closed off (`closeInterruptedTurn`), and listeners
 * get the messages appended. Once per session in the host's life; a look that failed (the store
 * out of reach, say) is taken again by the next read.
 * @returns what a read of a session awaits first.
 */
export function closeCutTurnsOnFirstRead({ store, turns, events }: THostCutTurnsPorts): (sessionId: string) => Promise<void> {
  const looks = new Map<string, Promise<void>>()
  return (sessionId) => {
    let look = looks.get(sessionId)
    if (!look) {
      // A session runs here only after a first read, so what may be written while it is looked at
      // is a subagent run: its parent's running turn is left to finish it.
      look = closeInterruptedTurn(store, sessionId, (parent) => turns.isRunning(parent)).then((appended) => {
        for (const event of appended) events.publish({ kind: 'replay', event })
      })
      looks.set(sessionId, look)
      look.catch(() => looks.delete(sessionId))
    }
    return look
  }
}
