import { SandboxError, isSandboxError } from '../sandbox-client.ts'
import type { ISandboxRunOptions, ISandboxRunResult } from '../sandbox-client.ts'
import { limitOutput } from '../in-memory/output-limit.ts'
import { createRunInterruption, stoppedRunResult } from '../in-memory/run-interruption.ts'
import type { TRunStopReason } from '../in-memory/run-interruption.ts'
import { isE2BCommandExit, isE2BMissingWorkingDirectory, isE2BTimeout } from './e2b-error.ts'
import { workingDirectoryError } from '../working-directory-error.ts'
import type { TE2BCommandHandle, TE2BCommands } from './e2b-sandbox.ts'
import { takeDirectoryReport, wrapWithDirectoryReport } from './e2b-working-directory.ts'

/** What one command needs from the client that runs it. */
export type TE2BCommandContext = {
  /** Absolute directory the command starts in. */
  cwd: string
  maxOutputBytes: number
  /** E2B's own command deadline when the caller gives no `timeoutMs`; `0` means none. */
  defaultTimeoutMs: number
  /** When set, the command reports its final directory after this marker (see `wrapWithDirectoryReport`). */
  directoryMarker?: string
}

/** A finished command, plus the directory its shell ended in when it reported one. */
export type TE2BCommandOutcome = {
  result: ISandboxRunResult
  finalDirectory: string | undefined
}

/**
 * Runs one script in the sandbox's `bash -l -c`. A non-zero exit (the SDK's `CommandExitError`)
 * is a result; `timeoutMs` and `signal` kill the process and give exit code 124 or 130. With a
 * `directoryMarker`, the shell's final directory comes back too, and the marker never reaches stdout.
 */
export async function runE2BCommand(
  commands: TE2BCommands,
  command: string,
  options: ISandboxRunOptions,
  context: TE2BCommandContext
): Promise<TE2BCommandOutcome> {
  const interruption = createRunInterruption(options)
  try {
    const alreadyStopped = interruption.reason()
    if (alreadyStopped !== undefined) return stoppedOutcome(alreadyStopped, options.timeoutMs)
    const { directoryMarker } = context
    const script = directoryMarker === undefined ? command : wrapWithDirectoryReport(command, directoryMarker)
    // Started in the background so that the handle can kill it: aborting a foreground request only
    // drops the connection and leaves the process running in the VM.
    const handle = await commands.run(script, {
      background: true,
      cwd: context.cwd,
      timeoutMs: options.timeoutMs ?? context.defaultTimeoutMs,
      ...(options.env === undefined ? {} : { envs: options.env }),
      ...(options.stdin === undefined ? {} : { stdin: true })
    })
    const outcome = finish(handle, options.stdin)
    outcome.catch(() => undefined)
    const settled = await Promise.race([outcome, interruption.stopped])
    if (typeof settled === 'string') {
      await handle.kill().catch(() => false)
      return stoppedOutcome(settled, options.timeoutMs)
    }
    // The report comes out before the cap, so a capped stdout holds only the command's own bytes.
    const report =
      directoryMarker === undefined ? { stdout: settled.stdout, directory: undefined } : takeDirectoryReport(settled.stdout, directoryMarker)
    return {
      result: {
        stdout: limitOutput(report.stdout, context.maxOutputBytes),
        stderr: limitOutput(settled.stderr, context.maxOutputBytes),
        exitCode: settled.exitCode
      },
      finalDirectory: report.directory
    }
  } catch (error) {
    if (isE2BTimeout(error)) return stoppedOutcome('timeout', options.timeoutMs ?? context.defaultTimeoutMs)
    if (isSandboxError(error)) throw error
    if (isE2BMissingWorkingDirectory(error)) throw workingDirectoryError('SANDBOX_NOT_FOUND', context.cwd)
    const reason = error instanceof Error ? error.message : String(error)
    throw new SandboxError('SANDBOX_ERROR', `run failed: ${reason}`, { cause: error })
  } finally {
    interruption.release()
  }
}

async function finish(handle: TE2BCommandHandle, stdin: string | undefined): Promise<ISandboxRunResult> {
  try {
    if (stdin !== undefined) {
      await handle.sendStdin(stdin)
      await handle.closeStdin()
    }
    const { stdout, stderr, exitCode } = await handle.wait()
    return { stdout, stderr, exitCode }
  } catch (error) {
    if (!isE2BCommandExit(error)) throw error
    return { stdout: error.stdout, stderr: error.stderr, exitCode: error.exitCode }
  }
}

function stoppedOutcome(reason: TRunStopReason, timeoutMs: number | undefined): TE2BCommandOutcome {
  return { result: stoppedRunResult(reason, timeoutMs), finalDirectory: undefined }
}
