import { AuthenticationError, ModelNotAvailableError, ProviderError, RateLimitError, type RobotaError, type TErrorOptions } from './errors.ts'

/**
 * The Robota error for a failed HTTP call, by its status: the one mapping every provider adapter
 * and `ErrorUtils` use. 401 and 403 are `AuthenticationError`, 404 `ModelNotAvailableError`, 429
 * `RateLimitError`; anything else (5xx, Anthropic's 529 overloaded, other 4xx, no status at all)
 * is a `ProviderError`.
 */
export function createHttpStatusError(status: number | undefined, message: string, options?: TErrorOptions): RobotaError {
  if (status === 401 || status === 403) return new AuthenticationError(message, options)
  if (status === 404) return new ModelNotAvailableError(message, options)
  if (status === 429) return new RateLimitError(message, options)
  return new ProviderError(message, options)
}

/** What a status says went wrong, as a phrase after the provider's name: `acme rejected the API key`. */
export function describeHttpStatus(status: number | undefined): string {
  if (status === 401) return 'rejected the API key'
  if (status === 403) return 'refused this key access'
  if (status === 404) return 'has no such model, or this key may not use it'
  if (status === 429) return 'rate limit was reached'
  if (status !== undefined && status >= 500) return 'had a server error'
  return 'refused the request'
}

/** A header bag as fetch's `Headers` or as a plain record (what some SDKs' errors carry). */
export type THeaderSource = Headers | Record<string, unknown> | undefined

/** Reads `retry-after-ms` or `retry-after` (seconds or an HTTP date) as whole seconds. */
export function readRetryAfterSeconds(headers: THeaderSource): number | undefined {
  const milliseconds = Number(readHeader(headers, 'retry-after-ms') ?? Number.NaN)
  if (Number.isFinite(milliseconds)) return Math.ceil(milliseconds / 1000)
  const value = readHeader(headers, 'retry-after')
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds))
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000))
}

function readHeader(headers: THeaderSource, name: string): string | undefined {
  if (headers === undefined) return undefined
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined
  const value = (headers as Record<string, unknown>)[name]
  return typeof value === 'string' ? value : undefined
}
