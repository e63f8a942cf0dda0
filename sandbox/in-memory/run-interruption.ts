import { SANDBOX_ABORTED_EXIT_CODE, SANDBOX_TIMEOUT_EXIT_CODE, type ISandboxRunResult } from '../sandbox-client.ts'

/** Why a command was stopped before it finished. */
export type TRunStopReason = 'timeout' | 'aborted'

/** One command's stop switch: a caller's signal and an optional deadline folded into one. */
export type TRunInterruption = {
  /** Aborts when either the caller's signal aborts or the deadline passes. */
  readonly signal: AbortSignal
  /** Settles with the reason as soon as the command is stopped; never rejects. */
  readonly stopped: Promise<TRunStopReason>
  /** The reason the command was stopped, or `undefined` while it runs. */
  reason(): TRunStopReason | undefined
  /** Clears the timer and listener; call once the command has settled. */
  release(): void
}

/** Combines `timeoutMs` and `signal` for one command; an already aborted signal stops it at once. */
export function createRunInterruption(options: { timeoutMs?: number; signal?: AbortSignal }): TRunInterruption {
  const controller = new AbortController()
  let stopReason: TRunStopReason | undefined
  let settle: (reason: TRunStopReason) => void = () => {}
  const stopped = new Promise<TRunStopReason>((resolve) => {
    settle = resolve
  })

  const stop = (reason: TRunStopReason): void => {
    if (stopReason !== undefined) return
    stopReason = reason
    controller.abort(reason)
    settle(reason)
  }

  const onAbort = (): void => stop('aborted')
  const callerSignal = options.signal
  if (callerSignal?.aborted) stop('aborted')
  else callerSignal?.addEventListener('abort', onAbort, { once: true })

  const timer =
    options.timeoutMs !== undefined && stopReason === undefined
      ? setTimeout(() => stop('timeout'), Math.max(0, options.timeoutMs))
      : undefined

  return {
    signal: controller.signal,
    stopped,
    reason: () => stopReason,
    release: () => {
      if (timer !== undefined) clearTimeout(timer)
      callerSignal?.removeEventListener('abort', onAbort)
    }
  }
}

/** What a stopped command returns: exit code 124 after its deadline, 130 when its caller aborted it. */
export function stoppedRunResult(reason: TRunStopReason, timeoutMs: number | undefined): ISandboxRunResult {
  return reason === 'timeout'
    ? { stdout: '', stderr: `sandbox: command timed out after ${timeoutMs ?? 0} ms\n`, exitCode: SANDBOX_TIMEOUT_EXIT_CODE }
    : { stdout: '', stderr: 'sandbox: command aborted\n', exitCode: SANDBOX_ABORTED_EXIT_CODE }
}
