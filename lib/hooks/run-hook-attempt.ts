import { limitHookOutput } from './hook-output.ts'
import type { IHookDefinition, IHookInput, IHookResult, IHookTypeExecutor } from './hook-types.ts'
import { describeError } from '../core/describe-error.ts'

/** Exit code recorded for a hook stopped by its timeout (coreutils' `timeout`, and the sandbox port). */
export const HOOK_TIMEOUT_EXIT_CODE = 124

/** Exit code recorded for a hook stopped because the caller aborted (128 + SIGINT). */
export const HOOK_ABORTED_EXIT_CODE = 130

/** One hook's run, normalized: output capped, and a `failure` whenever it gave no verdict. */
export type THookAttempt = {
  exitCode: number
  stdout: string
  stderr: string
  stdoutTruncated: boolean
  timedOut: boolean
  /** Why the hook gave no verdict: timed out, aborted, the executor threw, or there is no executor. */
  failure?: string
  durationMs: number
}

type TAttemptOptions = { signal?: AbortSignal; timeoutMs: number; maxOutputBytes: number }

type TSettled = { result: IHookResult } | { error: unknown } | 'timeout' | 'aborted'

/**
 * Runs one hook under its timeout. The executor's signal aborts when the timeout passes or the
 * caller aborts, and the attempt settles then even if the executor never does, so a hook that
 * never ends cannot hold the run.
 */
export async function runHookAttempt(
  executor: IHookTypeExecutor | undefined,
  hook: IHookDefinition,
  input: IHookInput,
  options: TAttemptOptions
): Promise<THookAttempt> {
  const startedAt = Date.now()
  const finish = (fields: Omit<THookAttempt, 'durationMs'>): THookAttempt => ({ ...fields, durationMs: Date.now() - startedAt })
  if (executor === undefined) {
    const failure = `could not run: no executor is registered for "${hook.type}" hooks (pass one in executors)`
    return finish({ exitCode: 1, stdout: '', stderr: failure, stdoutTruncated: false, timedOut: false, failure })
  }
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  let onCallerAbort: (() => void) | undefined
  const stopped = new Promise<'timeout' | 'aborted'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error('hook timed out'))
      resolve('timeout')
    }, options.timeoutMs)
    onCallerAbort = () => {
      controller.abort(options.signal?.reason)
      resolve('aborted')
    }
    if (options.signal?.aborted) onCallerAbort()
    else options.signal?.addEventListener('abort', onCallerAbort, { once: true })
  })
  try {
    const execution = Promise.resolve()
      .then(() => executor.execute(hook, input, { signal: controller.signal, timeoutMs: options.timeoutMs, maxOutputBytes: options.maxOutputBytes }))
      .then((result): TSettled => ({ result }), (error: unknown): TSettled => ({ error }))
    const settled: TSettled = await Promise.race([execution, stopped])
    if (settled === 'timeout' || (typeof settled === 'object' && 'result' in settled && settled.result.timedOut === true)) {
      const failure = `timed out after ${options.timeoutMs} ms`
      return finish({ exitCode: HOOK_TIMEOUT_EXIT_CODE, stdout: '', stderr: failure, stdoutTruncated: false, timedOut: true, failure })
    }
    if (settled === 'aborted') {
      return finish({ exitCode: HOOK_ABORTED_EXIT_CODE, stdout: '', stderr: 'aborted', stdoutTruncated: false, timedOut: false, failure: 'aborted' })
    }
    if ('error' in settled) {
      const message = describeError(settled.error)
      return finish({ exitCode: 1, stdout: '', stderr: message, stdoutTruncated: false, timedOut: false, failure: `failed: ${message}` })
    }
    const stdout = limitHookOutput(settled.result.stdout, options.maxOutputBytes)
    const stderr = limitHookOutput(settled.result.stderr, options.maxOutputBytes)
    return finish({ exitCode: settled.result.exitCode, stdout: stdout.text, stderr: stderr.text, stdoutTruncated: stdout.truncated, timedOut: false })
  } finally {
    clearTimeout(timer)
    if (onCallerAbort) options.signal?.removeEventListener('abort', onCallerAbort)
    // Whatever the executor still holds (a fetch, a sandbox command) is told to stop.
    if (!controller.signal.aborted) controller.abort(new Error('hook finished'))
  }
}
