import type { IContextWindowState } from '../core/context/estimation.ts'
import { ProviderError, type RobotaError } from '../core/errors.ts'
import { fromRunError } from '../core/run-error.ts'
import type { IHistoryEntry } from '../core/history.ts'
import { redactSecrets, redactSecretText } from '../storage/replay-log/redact-secrets.ts'
import type { IExecutionResult, IToolSummary } from './interactive-session-types.ts'
import type { TSessionRunResult } from './session-types.ts'

/** The result `complete` and `interrupted` carry for one prompt. */
export function toExecutionResult(
  run: TSessionRunResult,
  history: IHistoryEntry[],
  toolSummaries: IToolSummary[],
  contextState: IContextWindowState
): IExecutionResult {
  return {
    response: run.response,
    history,
    toolSummaries,
    contextState,
    interrupted: run.interrupted === true,
    ...(run.blockedReason ? { blockedReason: run.blockedReason } : {})
  }
}

/**
 * The result a failed prompt resolves with: what `run` committed (the failure notice as the
 * response, when the loop returned one), and the `error` the `error` event fired.
 */
export function toFailedExecutionResult(
  run: TSessionRunResult | undefined,
  history: IHistoryEntry[],
  toolSummaries: IToolSummary[],
  contextState: IContextWindowState,
  error: Error
): IExecutionResult {
  return { ...(run ? toExecutionResult(run, history, toolSummaries, contextState) : { response: '', history, toolSummaries, contextState, interrupted: false }), error }
}

/**
 * `result` as it leaves the session, like its events: key-shaped strings and the `secrets` given
 * are cut from the response and the structured output. The history is built from redacted events.
 */
export function redactExecutionResult<TResult extends IExecutionResult & { output?: unknown }>(result: TResult, secrets: readonly string[]): TResult {
  return {
    ...result,
    response: redactSecretText(result.response, secrets),
    ...('output' in result ? { output: redactSecrets(result.output, secrets) } : {})
  }
}

/**
 * The provider failure a run ended with, if any, as the class `Robota.run` reports it in
 * `result.error` (`AuthenticationError`, `RateLimitError`…), its message cut of `secrets`. The loop
 * returns a failure as an assistant message marked `error` rather than throwing, so the history
 * keeps it; clients still need an `error` event for it.
 */
export function findProviderFailure(run: TSessionRunResult, secrets: readonly string[]): RobotaError | undefined {
  if (run.blockedReason !== undefined) return undefined
  const last = run.history.at(-1)
  if (last?.role !== 'assistant' || last.metadata?.error !== true) return undefined
  if (run.error) return fromRunError({ ...run.error, message: redactSecretText(run.error.message, secrets) })
  return new ProviderError(redactSecretText(run.response, secrets), { details: { errorCode: last.metadata.errorCode } })
}

/** Anything thrown, as an `Error` for the `error` event. */
export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}
