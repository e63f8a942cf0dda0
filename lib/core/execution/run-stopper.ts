import { followAbort } from '../follow-abort.ts'
import { describeError } from '../describe-error.ts'

/**
 * Stops a run from inside when something outside the model fails (a caller's callback throws),
 * through the same path as the caller's abort: the loop commits what it has as interrupted,
 * answers every unstarted tool call and returns, so the history stays valid and the agent usable.
 */
export class RunStopper {
  /** The run's signal: aborted by the caller's signal or by `stop`. */
  readonly signal: AbortSignal
  /** Stops following the caller's signal once the run has ended. */
  readonly release: () => void
  private readonly controller = new AbortController()
  private reason: string | undefined

  constructor(callerSignal: AbortSignal | undefined) {
    this.signal = this.controller.signal
    this.release = followAbort(callerSignal, this.controller)
  }

  /** Why the run was stopped from inside (`the onTextDelta callback threw: …`), or `undefined`. */
  get failure(): string | undefined {
    return this.reason
  }

  /** Stops the run; only the first reason is kept. */
  stop(reason: string, cause?: unknown): void {
    if (this.reason !== undefined) return
    this.reason = reason
    this.controller.abort(new Error(reason, { cause }))
  }

  /**
   * Wraps a caller's callback so a throw stops the run instead of tearing it apart mid-step.
   * A callback that threw is not called again.
   */
  guard<TArgs extends unknown[]>(
    callback: ((...args: TArgs) => void) | undefined,
    describe: (...args: TArgs) => string
  ): ((...args: TArgs) => void) | undefined {
    if (!callback) return undefined
    let broken = false
    return (...args) => {
      if (broken) return
      try {
        callback(...args)
      } catch (error) {
        broken = true
        this.stop(`${describe(...args)}: ${describeError(error)}`, error)
      }
    }
  }
}
