import type { ISessionLocks, TSessionLock } from './session-locks.ts'

/**
 * Session locks over the Web Locks API (`navigator.locks`, in pages and workers alike). A lock is
 * held for as long as the callback's promise is pending, so releasing settles that promise.
 */
export function createWebSessionLocks(locks: LockManager): ISessionLocks {
  const hold = (name: string, options: LockOptions): Promise<TSessionLock | undefined> =>
    new Promise((resolve, reject) => {
      locks
        .request(name, options, (lock) => {
          if (!lock) return resolve(undefined)
          return new Promise<void>((release) => resolve({ release: () => release() }))
        })
        .catch(reject)
    })
  return {
    tryAcquire: (name) => hold(name, { ifAvailable: true }),
    acquire: async (name, signal) => {
      const lock = await hold(name, { signal })
      // Without `ifAvailable` the request waits; it never grants "nothing".
      if (!lock) throw new Error(`The lock ${name} was not granted.`)
      return lock
    },
    isHeld: async (name) => ((await locks.query()).held ?? []).some((held) => held.name === name)
  }
}
