import type { ISessionLocks, TSessionLock } from './session-locks.ts'

type TWaiter = { grant: (lock: TSessionLock) => void }

/**
 * Session locks within one JavaScript realm, with the Web Locks semantics the hosts rely on:
 * exclusive, first come first served, `tryAcquire` never waits. Where there are no tabs (Node)
 * a host is simply the owner of every session it opens; tests share one set between two hosts
 * to play two tabs.
 */
export function createInProcessSessionLocks(): ISessionLocks {
  const held = new Set<string>()
  const queues = new Map<string, TWaiter[]>()

  const grant = (name: string): TSessionLock => {
    held.add(name)
    let released = false
    return {
      release: () => {
        if (released) return
        released = true
        const next = queues.get(name)?.shift()
        if (next) return next.grant(grant(name))
        held.delete(name)
      }
    }
  }

  return {
    tryAcquire: async (name) => (held.has(name) ? undefined : grant(name)),
    acquire: (name, signal) =>
      new Promise((resolve, reject) => {
        const abortError = () => new DOMException('The lock request was aborted.', 'AbortError')
        if (signal.aborted) return reject(abortError())
        if (!held.has(name)) return resolve(grant(name))
        const waiter: TWaiter = {
          grant: (lock) => {
            signal.removeEventListener('abort', onAbort)
            resolve(lock)
          }
        }
        const onAbort = () => {
          const queue = queues.get(name) ?? []
          queue.splice(queue.indexOf(waiter), 1)
          reject(abortError())
        }
        signal.addEventListener('abort', onAbort, { once: true })
        queues.set(name, [...(queues.get(name) ?? []), waiter])
      }),
    isHeld: async (name) => held.has(name)
  }
}
