import { ValidationError } from '../lib/core/errors.ts'
import { SerialByKey } from '../lib/core/serial-by-key.ts'
import { ownerLockName, type ISessionLocks, type TSessionLock } from './session-locks.ts'

/** How this host came to drive a session. */
export type TClaim = 'opened' | 'took_over' | 'operation'

type TSessionState = {
  lock: TSessionLock | undefined
  /** How many views of the page have the session open here. */
  open: number
  /** Operations (a turn, a write) that need the lock right now. */
  busy: number
  /** A follower's queued request for the lock, to take over when the owner lets go. */
  waiting: AbortController | undefined
  /** Another tab asked for the session: let go of it once no operation holds it. */
  handingOver: boolean
}

/**
 * Which sessions this host drives and which it only follows. A session's lock is held while the
 * page has it open here or an operation on it runs; a follower queues for the lock and takes
 * over when the owner lets go (or its worker dies). `onClaimed` runs before anything uses a
 * session this host has just started to drive, so stale state can be dropped first.
 */
export class SessionOwnership {
  private readonly sessions = new Map<string, TSessionState>()
  private readonly transitions = new SerialByKey()

  constructor(
    private readonly locks: ISessionLocks,
    private readonly onClaimed: (sessionId: string, claim: TClaim) => Promise<void>,
    /** This host let another tab have a session it still has open, and follows it now. */
    private readonly onHandedOver: (sessionId: string) => void = () => undefined
  ) {}

  /** True when this host drives the session. */
  isOwner(sessionId: string): boolean {
    return this.sessions.get(sessionId)?.lock !== undefined
  }

  /** True when the page has the session open here while another tab drives it. */
  isFollowing(sessionId: string): boolean {
    const state = this.sessions.get(sessionId)
    return state !== undefined && state.open > 0 && state.lock === undefined
  }

  /** True while a view of the page has the session open here. */
  isOpen(sessionId: string): boolean {
    return (this.sessions.get(sessionId)?.open ?? 0) > 0
  }

  /** Opens a session here: drives it when it is free, else follows it and queues to take over. */
  open(sessionId: string): Promise<{ readOnly: boolean }> {
    return this.transition(sessionId, async (state) => {
      state.open++
      if (!state.lock && (await this.claim(sessionId, state, 'opened'))) return { readOnly: false }
      if (!state.lock) this.queue(sessionId, state)
      return { readOnly: state.lock === undefined }
    })
  }

  /**
   * One view of the page closed the session. When none has it open any more, stop following it
   * and let go of it once idle; resolves `true` then.
   */
  close(sessionId: string): Promise<boolean> {
    return this.transition(sessionId, async (state) => {
      state.open = Math.max(0, state.open - 1)
      if (state.open > 0) return false
      state.waiting?.abort()
      state.waiting = undefined
      this.releaseIfIdle(sessionId, state)
      return true
    })
  }

  /**
   * Lets the tab waiting for the session drive it: once no operation holds it here, the lock goes
   * to that tab and this host follows the session, queued to drive it again. Resolves `false`
   * when this host does not drive it.
   */
  handOver(sessionId: string): Promise<boolean> {
    return this.transition(sessionId, async (state) => {
      if (!state.lock) return false
      state.handingOver = true
      this.releaseIfIdle(sessionId, state)
      return true
    })
  }

  /** Runs `work` while driving the session; refuses when another tab drives it. */
  async whileOwner<TValue>(sessionId: string, work: () => Promise<TValue>): Promise<TValue> {
    await this.transition(sessionId, async (state) => {
      if (!state.lock && !(await this.claim(sessionId, state, 'operation'))) {
        throw new ValidationError(`Session ${sessionId} is driven by another tab; it is read-only here until that tab closes it.`)
      }
      state.busy++
    })
    try {
      return await work()
    } finally {
      await this.transition(sessionId, async (state) => {
        state.busy--
        this.releaseIfIdle(sessionId, state)
      })
    }
  }

  private async claim(sessionId: string, state: TSessionState, claim: TClaim): Promise<boolean> {
    const lock = await this.locks.tryAcquire(ownerLockName(sessionId))
    if (!lock) return false
    state.lock = lock
    state.waiting?.abort()
    state.waiting = undefined
    await this.onClaimed(sessionId, claim)
    return true
  }

  private queue(sessionId: string, state: TSessionState): void {
    if (state.waiting) return
    const waiting = new AbortController()
    state.waiting = waiting
    this.locks.acquire(ownerLockName(sessionId), waiting.signal).then(
      (lock) =>
        this.transition(sessionId, async (current) => {
          if (current.waiting === waiting) current.waiting = undefined
          if (current.lock || current.open === 0) return lock.release()
          current.lock = lock
          await this.onClaimed(sessionId, 'took_over')
        }),
      () => undefined
    )
  }

  private releaseIfIdle(sessionId: string, state: TSessionState): void {
    if (state.busy > 0 || (state.open > 0 && !state.handingOver)) return
    const handedOver = state.handingOver && state.lock !== undefined && state.open > 0
    state.handingOver = false
    state.lock?.release()
    state.lock = undefined
    if (handedOver) {
      // Queued after the tab that asked, so the lock reaches that tab first.
      this.queue(sessionId, state)
      this.onHandedOver(sessionId)
      return
    }
    if (!state.waiting) this.sessions.delete(sessionId)
  }

  // State changes of one session run one at a time, in call order; the work between them does not.
  private transition<TValue>(sessionId: string, change: (state: TSessionState) => Promise<TValue>): Promise<TValue> {
    return this.transitions.run(sessionId, () => change(this.stateOf(sessionId)))
  }

  private stateOf(sessionId: string): TSessionState {
    let state = this.sessions.get(sessionId)
    if (!state) {
      state = { lock: undefined, open: 0, busy: 0, waiting: undefined, handingOver: false }
      this.sessions.set(sessionId, state)
    }
    return state
  }
}
