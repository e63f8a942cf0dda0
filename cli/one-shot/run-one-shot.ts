import type { TPermissionHandler } from '../../lib/session/permission-enforcer-types.ts'
import type { TCliArguments } from '../arguments/cli-arguments.ts'
import { startCliSession, type TCliEnvironment } from '../start-cli-session.ts'
import { toOneShotError, type TOneShotError, type TOneShotResult } from './one-shot-output.ts'

/** What a one-shot run writes to stdout, and the exit code. */
export type TOneShotOutcome = { output: TOneShotResult | TOneShotError; exitCode: number }

// Nobody is there to answer: a call that needs approval is refused, and the result says so.
const denyWithoutAsking: TPermissionHandler = async () => 'deny'

/**
 * Answers one prompt through the SDK's session (stored like any other, so `--resume` continues
 * it) and describes the outcome as one JSON value. Never throws: a failure is an `error` value.
 */
export async function runOneShot(prompt: string, args: TCliArguments, environment: TCliEnvironment, signal?: AbortSignal): Promise<TOneShotOutcome> {
  let sessionId: string | undefined
  try {
    const { session, workspace } = await startCliSession(args, environment, denyWithoutAsking)
    sessionId = session.getSessionId()
    const abort = () => session.abort()
    signal?.addEventListener('abort', abort, { once: true })
    try {
      const running = session.submit(prompt)
      if (signal?.aborted) abort()
      const result = await running
      if (!result || result.error) return { output: toOneShotError(result?.error ?? new Error('The prompt did not complete.'), sessionId), exitCode: 1 }
      const output: TOneShotResult = {
        type: 'result',
        sessionId,
        model: session.getModel(),
        response: result.response,
        interrupted: result.interrupted,
        toolCalls: result.toolSummaries,
        usage: session.getUsage(),
        contextUsedPercentage: result.contextState.usedPercentage
      }
      return { output, exitCode: result.interrupted ? 130 : 0 }
    } finally {
      signal?.removeEventListener('abort', abort)
      await session.dispose()
      await workspace.sandbox.dispose?.()
    }
  } catch (error) {
    return { output: toOneShotError(error, sessionId), exitCode: 1 }
  }
}
