import {
  AuthenticationError,
  NetworkError,
  ProviderError,
  RateLimitError,
  RobotaError,
  isRobotaError,
  type TRobotaErrorCode
} from './errors.ts'

/** Helpers for reasoning about errors from any layer, Robota's own or not. */
export const ErrorUtils = {
  /** True when retrying may succeed: a recoverable Robota error, or a network-level failure. */
  isRecoverable(error: unknown): boolean {
    if (isRobotaError(error)) return error.recoverable
    return error instanceof TypeError && /fetch|network/i.test(error.message)
  },

  /** The error's `code`, or `UNKNOWN_ERROR` for errors that carry none. */
  getErrorCode(error: unknown): TRobotaErrorCode | 'UNKNOWN_ERROR' {
    return isRobotaError(error) ? error.code : 'UNKNOWN_ERROR'
  },

  /** Anything thrown, as a Robota error: Robota errors pass through, others are wrapped as their cause. */
  fromUnknown(error: unknown, fallbackMessage = 'Unexpected error'): RobotaError {
    if (error instanceof RobotaError) return error
    const message = error instanceof Error ? error.message : typeof error === 'string' ? error : fallbackMessage
    return new RobotaError(message || fallbackMessage, 'PROVIDER_ERROR', 'system', false, { cause: error })
  },

  /**
   * A provider failure mapped by HTTP status when it has one: 401/403 authentication, 429 rate
   * limit (with `retryAfterSeconds`), no status network, anything else a provider error.
   */
  wrapProviderError(error: unknown, provider: string): RobotaError {
    if (error instanceof RobotaError) return error
    const status = (error as { status?: unknown } | null)?.status
    const message = error instanceof Error ? error.message : String(error)
    const details: Record<string, unknown> = { provider, ...(typeof status === 'number' ? { status } : {}) }
    if (status === 401 || status === 403) {
      return new AuthenticationError(`${provider} rejected the API key (HTTP ${status}): ${message}`, { details, cause: error })
    }
    if (status === 429) {
      const retryAfter = Number((error as { headers?: Record<string, string> }).headers?.['retry-after'])
      if (Number.isFinite(retryAfter)) details.retryAfterSeconds = retryAfter
      return new RateLimitError(`${provider} rate limit reached (HTTP 429): ${message}`, { details, cause: error })
    }
    if (typeof status !== 'number') return new NetworkError(`${provider} could not be reached: ${message}`, { details, cause: error })
    return new ProviderError(`${provider} failed (HTTP ${status}): ${message}`, { details, cause: error })
  }
} as const
