import { RobotaError, type TRobotaErrorCategory, type TRobotaErrorCode } from './errors.ts'
import { isRobotaErrorCode, keepErrorName, robotaErrorOfCode } from './robota-error-of-code.ts'

/** A detail value that survives structured clone and JSON as it is. */
export type TRunErrorDetailValue = string | number | boolean | null | Array<string | number | boolean | null>

/**
 * Why a run failed, as plain data: it crosses a worker boundary and JSON unchanged, where an
 * error class would lose its prototype. `code` is the Robota error code (`RATE_LIMIT_ERROR`…);
 * `name` the error class it stands for; `statusCode` the provider's HTTP status, when it sent one.
 */
export type TRunError = {
  name: string
  code: TRobotaErrorCode
  message: string
  category: TRobotaErrorCategory
  recoverable: boolean
  /** The provider's HTTP status, when the failure came with one. */
  statusCode?: number
  /** When to retry, for a rate limit that said. */
  retryAfterSeconds?: number
  /** The error's details, keeping only plain values (strings, numbers, booleans, null and arrays of them). */
  details?: Record<string, TRunErrorDetailValue>
}

/** A Robota error as the plain `TRunError` a run result carries. */
export function toRunError(error: RobotaError): TRunError {
  const details = plainDetails(error.details)
  const statusCode = details?.status
  const retryAfterSeconds = details?.retryAfterSeconds
  return {
    name: error.name,
    code: error.code,
    message: error.message,
    category: error.category,
    recoverable: error.recoverable,
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(typeof retryAfterSeconds === 'number' ? { retryAfterSeconds } : {}),
    ...(details ? { details } : {})
  }
}

/**
 * The error a run result's plain `error` stands for, as its class again (`AuthenticationError` for
 * `AUTHENTICATION_ERROR`…), for callers that throw it or emit it as an `Error`.
 */
export function fromRunError(error: TRunError): RobotaError {
  const parts = { message: error.message, details: error.details, category: error.category, recoverable: error.recoverable }
  const rebuilt = isRobotaErrorCode(error.code) ? robotaErrorOfCode(error.code, parts) : new RobotaError(error.message, error.code, error.category, error.recoverable, parts)
  return keepErrorName(rebuilt, error.name)
}

function plainDetails(details: Record<string, unknown> | undefined): Record<string, TRunErrorDetailValue> | undefined {
  if (!details) return undefined
  const kept: Record<string, TRunErrorDetailValue> = {}
  for (const [key, value] of Object.entries(details)) {
    if (isPlainValue(value) || (Array.isArray(value) && value.every(isPlainValue))) kept[key] = value
  }
  return Object.keys(kept).length > 0 ? kept : undefined
}

function isPlainValue(value: unknown): value is string | number | boolean | null {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
}
