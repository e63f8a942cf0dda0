import { SANDBOX_TIMEOUT_EXIT_CODE, SandboxError } from '../sandbox-client.ts'
import type { ISandboxRunOptions, ISandboxRunResult } from '../sandbox-client.ts'
export { assertRunArguments } from '../assert-run-options.ts'
import { createExitTrapCommand, mayUseTrap, runExitTrap } from './exit-trap.ts'
import type { TExitTrapSlot } from './exit-trap.ts'
import { createBash } from './just-bash-runtime.ts'
import type { TBashSettings, TJustBashRuntime } from './just-bash-runtime.ts'
import { limitOutput } from './output-limit.ts'
import { createRunInterruption, stoppedRunResult } from './run-interruption.ts'
import type { TRunStopReason } from './run-interruption.ts'

/** What one command needs from the client that runs it. */
export type TCommandContext = {
  runtime: TJustBashRuntime
  settings: TBashSettings
  /** Absolute directory the command starts in. */
  cwd: string
  maxOutputBytes: number
}

/** A command's result, plus the directory its shell ended in when it finished on its own. */
export type TCommandOutcome = {
  result: ISandboxRunResult
  finalDirectory: string | undefined
}

/**
 * Runs one script in a fresh just-bash shell over the client's filesystem. A non-zero exit is a
 * result; `timeoutMs` and `signal` end it with exit code 124 or 130 and a line on stderr.
 */
export async function runCommand(command: string, options: ISandboxRunOptions, context: TCommandContext): Promise<TCommandOutcome> {
  const interruption = createRunInterruption(options)
  try {
    const alreadyStopped = interruption.reason()
    if (alreadyStopped !== undefined) return stoppedOutcome(alreadyStopped, options.timeoutMs)
    const { runtime } = context
    const trapSlot: TExitTrapSlot = { action: undefined }
    const usesTrap = mayUseTrap(command)
    // A timed command and one that may set a trap get a shell of their own: the deadline and the
    // trap belong to that command alone.
    const bash =
      options.timeoutMs === undefined && !usesTrap
        ? runtime.bash
        : createBash(runtime.modules, runtime.fs, '/', context.settings, options.timeoutMs, usesTrap ? [createExitTrapCommand(trapSlot)] : [])
    const startedAt = Date.now()
    const pastDeadline = () => options.timeoutMs !== undefined && Date.now() - startedAt >= options.timeoutMs
    const run = (script: string, scriptCwd: string, env: Record<string, string> | undefined, stdin: string | undefined) =>
      bash.exec(script, {
        cwd: scriptCwd,
        signal: interruption.signal,
        // Run the script as given: just-bash otherwise trims every line's indentation, which joins
        // `foo\<newline>  bar` into one word where bash sees two.
        rawScript: true,
        // After `exit`, just-bash reports the variables it started with, PWD included: starting
        // PWD at the command's own directory keeps `exit` from moving the client elsewhere.
        env: { ...env, PWD: scriptCwd },
        ...(stdin === undefined ? {} : { stdin })
      })
    const execution = run(command, context.cwd, options.env, options.stdin).then(async (result) => {
      const action = trapSlot.action
      // A command its deadline stopped runs no trap, also when just-bash's own time limit ended it
      // before the interruption's timer fired (a busy machine delays timers).
      if (action === undefined || interruption.reason() !== undefined || pastDeadline()) return result
      return runExitTrap({ result, action }, (script, trap) => run(script, trap.cwd ?? context.cwd, { ...options.env, ...trap.env }, undefined))
    })
    // A stopped command may still settle later; its outcome no longer matters to anyone.
    execution.catch(() => undefined)
    const settled = await Promise.race([execution, interruption.stopped])
    if (typeof settled === 'string') return stoppedOutcome(settled, options.timeoutMs)
    // just-bash's wall-time limit (set from timeoutMs) ends a CPU-bound loop, which never yields
    // to the event loop, with exit code 124 before our timer has had a chance to fire.
    const hitDeadline = pastDeadline() && settled.exitCode === SANDBOX_TIMEOUT_EXIT_CODE
    const stopReason = interruption.reason() ?? (hitDeadline ? 'timeout' : undefined)
    if (stopReason !== undefined) return stoppedOutcome(stopReason, options.timeoutMs)
    return {
      result: {
        stdout: limitOutput(settled.stdout, context.maxOutputBytes),
        stderr: limitOutput(settled.stderr, context.maxOutputBytes),
        exitCode: settled.exitCode
      },
      finalDirectory: settled.env.PWD
    }
  } catch (error) {
    if (error instanceof SandboxError) throw error
    const reason = error instanceof Error ? error.message : String(error)
    throw new SandboxError('SANDBOX_ERROR', `run failed: ${reason}`, { cause: error })
  } finally {
    interruption.release()
  }
}

function stoppedOutcome(reason: TRunStopReason, timeoutMs: number | undefined): TCommandOutcome {
  return { result: stoppedRunResult(reason, timeoutMs), finalDirectory: undefined }
}
