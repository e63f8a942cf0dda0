import type { TRunUsage } from '../../lib/core/execution/run-execution.ts'
import { isRobotaError } from '../../lib/core/errors.ts'
import { isRobotaErrorCode } from '../../lib/core/robota-error-of-code.ts'
import type { IToolSummary } from '../../lib/session/interactive-session-types.ts'

/** What `robota -p` prints on success: one JSON object. */
export type TOneShotResult = {
  type: 'result'
  sessionId: string
  model: string
  response: string
  interrupted: boolean
  toolCalls: IToolSummary[]
  usage: TRunUsage
  /** Share of the context window in use after the turn, 0–100. */
  contextUsedPercentage: number
}

/** What `robota -p` prints when the prompt failed: one JSON object, and the exit code is 1. */
export type TOneShotError = {
  type: 'error'
  sessionId?: string
  error: { code: string; message: string }
}

/**
 * The error as `-p` prints it: its Robota code when it has one; for a failed model call, the
 * code of the provider's own failure (`AUTHENTICATION_ERROR`, `RATE_LIMIT_ERROR`…) that the
 * session recorded with it.
 */
export function toOneShotError(error: unknown, sessionId?: string): TOneShotError {
  // A provider's own `details.errorCode` is its API's code (OpenAI's `invalid_api_key`), not one of ours.
  const recorded = isRobotaError(error) ? error.details?.errorCode : undefined
  const code = typeof recorded === 'string' && isRobotaErrorCode(recorded) ? recorded : isRobotaError(error) ? error.code : 'ERROR'
  const message = error instanceof Error ? error.message : String(error)
  return { type: 'error', ...(sessionId ? { sessionId } : {}), error: { code, message } }
}
