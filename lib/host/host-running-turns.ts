import { ValidationError } from '../core/errors.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'

/**
 * Which of a host's sessions are busy (a turn, a built-in command, or a subagent run a turn is
 * running), each with the controller `abort` fires. A busy session refuses another turn, command,
 * fork or switch.
 */
export class HostRunningTurns {
  private readonly running = new Map<string, { controller: AbortController; ended: Promise<void>; end: () => void; unstored?: () => TExecutionEventEnvelope[] }>()

  /**
   * Marks the session busy and returns the signal `abort` fires; `unstored`, when given, reads
   * what the running work has recorded and not stored yet. @throws ValidationError when it is busy already.
   */
  begin(sessionId: string, unstored?: () => TExecutionEventEnvelope[]): AbortSignal {
    this.assertIdle(sessionId)
    const controller = new AbortController()
    let end = () => {}
    const ended = new Promise<void>((resolve) => (end = resolve))
    this.running.set(sessionId, { controller, ended, end, unstored })
    return controller.signal
  }

  /** Marks the session idle again. */
  end(sessionId: string): void {
    this.running.get(sessionId)?.end()
    this.running.delete(sessionId)
  }

  /** Fires the abort signal of the session's running turn, if any. */
  abort(sessionId: string): void {
    this.running.get(sessionId)?.controller.abort()
  }

  /** Resolves once the session's running turn or command has ended; `undefined` when none runs. */
  whenIdle(sessionId: string): Promise<void> | undefined {
    return this.running.get(sessionId)?.ended
  }

  /** What the session's running work, begun with an `unstored` reader, has recorded and not stored yet. */
  unstoredEvents(sessionId: string): TExecutionEventEnvelope[] | undefined {
    return this.running.get(sessionId)?.unstored?.()
  }

  isRunning(sessionId: string): boolean {
    return this.running.has(sessionId)
  }

  /** @throws ValidationError when the session is running a turn. */
  assertIdle(sessionId: string): void {
    if (this.running.has(sessionId)) throw new ValidationError(`Session ${sessionId} is running a turn; abort it or wait.`)
  }
}
