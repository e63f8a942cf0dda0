/** A held lock; `release` lets the next waiter have it. */
export type TSessionLock = { release(): void }

/**
 * Exclusive named locks shared by every tab of an origin: the port behind "one tab drives a
 * session at a time". In a browser it is the Web Locks API (`createWebSessionLocks`); a lock held
 * by a worker is released when the worker ends, however it ends. `createInProcessSessionLocks`
 * serves Node and tests.
 */
export interface ISessionLocks {
  /** Takes the lock if it is free at once; `undefined` when someone else holds it. */
  tryAcquire(name: string): Promise<TSessionLock | undefined>
  /** Waits for the lock, first come first served; rejects with an `AbortError` when `signal` aborts. */
  acquire(name: string, signal: AbortSignal): Promise<TSessionLock>
  /** True while anyone, here or in another tab, holds the lock. */
  isHeld(name: string): Promise<boolean>
}

/** The lock that says who drives a session. */
export function ownerLockName(sessionId: string): string {
  return `robota:session:${sessionId}`
}

/** The lock held while a turn of a session runs, so a follower can tell whether one does. */
export function turnLockName(sessionId: string): string {
  return `robota:turn:${sessionId}`
}
