import { NetworkError, ProviderError, RobotaError, isRobotaError, type TRobotaErrorCode } from './errors.ts'
import { createHttpStatusError, describeHttpStatus, readRetryAfterSeconds, type THeaderSource } from './http-status-error.ts'
import { isNetworkFailure } from './network-failure.ts'
import { describeError } from './describe-error.ts'

/** Helpers for reasoning about errors from any layer, Robota's own or not. */
export const ErrorUtils = {
  /** True when retrying may succeed: a recoverable Robota error, or a network-level failure. */
  isRecoverable(error: unknown): boolean {
    if (isRobotaError(error)) return error.recoverable
    return isNetworkFailure(error)
  },

  /** The error's `code`, or `UNKNOWN_ERROR` for errors that carry none. */
  getErrorCode(error: unknown): TRobotaErrorCode | 'UNKNOWN_ERROR' {
    return isRobotaError(error) ? error.code : 'UNKNOWN_ERROR'
  },

  /** Anything thrown, as a Robota error: Robota errors pass through, others become a `ProviderError` with the original as its cause. */
  fromUnknown(error: unknown, fallbackMessage = 'Unexpected error'): RobotaError {
    if (error instanceof RobotaError) return error
    const message = error instanceof Error ? error.message : typeof error === 'string' ? error : fallbackMessage
    return new ProviderError(message || fallbackMessage, { cause: error })
  },

  /**
   * A provider failure as a Robota error, by the adapters' own HTTP status mapping when it has a
   * status (429 with `retryAfterSeconds`); without one, a network failure is a `NetworkError`
   * and anything else a `ProviderError`.
   */
  wrapProviderError(error: unknown, provider: string): RobotaError {
    if (error instanceof RobotaError) return error
    const status = (error as { status?: unknown } | null)?.status
    const message = describeError(error)
    if (typeof status === 'number') {
      const details: Record<string, unknown> = { provider, status }
      const retryAfterSeconds = status === 429 ? readRetryAfterSeconds((error as { headers?: THeaderSource }).headers) : undefined
      if (retryAfterSeconds !== undefined) details.retryAfterSeconds = retryAfterSeconds
      return createHttpStatusError(status, `${provider} ${describeHttpStatus(status)} (HTTP ${status}): ${message}`, { details, cause: error })
    }
    if (isNetworkFailure(error)) {
      return new NetworkError(`${provider} could not be reached: ${message}`, { details: { provider }, cause: error })
    }
    return new ProviderError(`${provider} failed: ${message}`, { details: { provider }, cause: error })
  }
} as const
