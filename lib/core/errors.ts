import type { TRunUsage } from './execution/run-execution.ts'

/** Codes every Robota error carries; they survive the worker boundary where classes do not. */
export type TRobotaErrorCode =
  | 'CONFIGURATION_ERROR'
  | 'VALIDATION_ERROR'
  | 'PROVIDER_ERROR'
  | 'AUTHENTICATION_ERROR'
  | 'RATE_LIMIT_ERROR'
  | 'NETWORK_ERROR'
  | 'TOOL_EXECUTION_ERROR'
  | 'MODEL_NOT_AVAILABLE'
  | 'CIRCUIT_BREAKER_OPEN'
  | 'PLUGIN_ERROR'
  | 'STORAGE_ERROR'
  | 'STORAGE_QUOTA_EXCEEDED'
  | 'PROVIDER_SDK_MISSING'
  | 'STRUCTURED_OUTPUT_INVALID'
  | 'ABORTED'

/** Who is at fault, for deciding what to show. */
export type TRobotaErrorCategory = 'user' | 'provider' | 'system'

/** What every error constructor takes besides its message. */
export type TErrorOptions = { details?: Record<string, unknown>; cause?: unknown }

/** Base of every error the SDK throws on purpose. */
export class RobotaError extends Error {
  override readonly name: string = 'RobotaError'
  readonly code: TRobotaErrorCode
  readonly category: TRobotaErrorCategory
  readonly recoverable: boolean
  readonly details: Record<string, unknown> | undefined

  constructor(
    message: string,
    code: TRobotaErrorCode,
    category: TRobotaErrorCategory,
    recoverable: boolean,
    options: TErrorOptions = {}
  ) {
    super(message, { cause: options.cause })
    this.code = code
    this.category = category
    this.recoverable = recoverable
    this.details = options.details
  }

  /** What `JSON.stringify` writes: all the error exposes, `message` too (an `Error`'s own is not enumerable). */
  toJSON(): Pick<RobotaError, 'name' | 'message' | 'code' | 'category' | 'recoverable' | 'details'> {
    // The own fields are name, code, category, recoverable and details; `cause` and `stack` stay out.
    return { ...this, message: this.message }
  }
}

/** Wrong or missing configuration. */
export class ConfigurationError extends RobotaError {
  override readonly name = 'ConfigurationError'
  constructor(message: string, options?: TErrorOptions) {
    super(message, 'CONFIGURATION_ERROR', 'user', false, options)
  }
}

/** Input that does not have the required shape. */
export class ValidationError extends RobotaError {
  override readonly name: string = 'ValidationError'
  constructor(message: string, options?: TErrorOptions) {
    super(message, 'VALIDATION_ERROR', 'user', false, options)
  }
}

/** A provider call failed. */
export class ProviderError extends RobotaError {
  override readonly name = 'ProviderError'
  constructor(message: string, options?: TErrorOptions) {
    super(message, 'PROVIDER_ERROR', 'provider', true, options)
  }
}

/** The provider rejected the credentials (HTTP 401) or their permissions (HTTP 403). */
export class AuthenticationError extends RobotaError {
  override readonly name = 'AuthenticationError'
  constructor(message: string, options?: TErrorOptions) {
    super(message, 'AUTHENTICATION_ERROR', 'user', false, options)
  }
}

/** The provider's rate limit was hit (HTTP 429); `details.retryAfterSeconds` says when to retry, if it said. */
export class RateLimitError extends RobotaError {
  override readonly name = 'RateLimitError'
  constructor(message: string, options?: TErrorOptions) {
    super(message, 'RATE_LIMIT_ERROR', 'provider', true, options)
  }
}

/** The provider could not be reached, or the connection dropped mid-response. */
export class NetworkError extends RobotaError {
  override readonly name = 'NetworkError'
  constructor(message: string, options?: TErrorOptions) {
    super(message, 'NETWORK_ERROR', 'system', true, options)
  }
}

/** A tool failed while running. */
export class ToolExecutionError extends RobotaError {
  override readonly name = 'ToolExecutionError'
  constructor(message: string, options?: TErrorOptions) {
    super(message, 'TOOL_EXECUTION_ERROR', 'system', false, options)
  }
}

/** The requested model does not exist or this key may not use it. */
export class ModelNotAvailableError extends RobotaError {
  override readonly name = 'ModelNotAvailableError'
  constructor(message: string, options?: TErrorOptions) {
    super(message, 'MODEL_NOT_AVAILABLE', 'user', false, options)
  }
}

/** Calls are held back after repeated failures; `details.retryAfterMs` says when they resume. */
export class CircuitBreakerOpenError extends RobotaError {
  override readonly name = 'CircuitBreakerOpenError'
  constructor(message: string, options?: TErrorOptions) {
    super(message, 'CIRCUIT_BREAKER_OPEN', 'system', true, options)
  }
}

/**
 * A provider's vendor SDK is not installed, so the provider cannot be used: the message says
 * what to install (`install openai to use OpenAIProvider`); `details` names the `package` and
 * the `provider` class.
 */
export class ProviderSdkMissingError extends RobotaError {
  override readonly name = 'ProviderSdkMissingError'
  constructor(message: string, options?: TErrorOptions) {
    super(message, 'PROVIDER_SDK_MISSING', 'user', false, options)
  }
}

/**
 * The model's reply did not validate against the run's `output` schema, even after one retry
 * that told it why. `rawText` (also `details.rawText`) is the last reply as the model wrote it.
 */
export class StructuredOutputError extends RobotaError {
  override readonly name = 'StructuredOutputError'
  constructor(message: string, options?: TErrorOptions) {
    super(message, 'STRUCTURED_OUTPUT_INVALID', 'provider', true, options)
  }

  /** The reply that failed validation, verbatim. */
  get rawText(): string {
    const raw = this.details?.rawText
    return typeof raw === 'string' ? raw : ''
  }

  /** What both runs (the first reply and the retry) cost, in `details.usage`: they were billed. */
  get usage(): TRunUsage | undefined {
    const usage = this.details?.usage
    return typeof usage === 'object' && usage !== null ? (usage as TRunUsage) : undefined
  }
}

/** Reading or writing persisted state failed. */
export class StorageError extends RobotaError {
  override readonly name: string = 'StorageError'
  constructor(message: string, options?: TErrorOptions) {
    super(message, 'STORAGE_ERROR', 'system', true, options)
  }
}

/**
 * The browser's storage for this origin is full, so a write was refused whole; what was stored
 * before is intact. `details` names the operation and the session; freeing space and retrying works.
 */
export class StorageQuotaError extends StorageError {
  override readonly name = 'StorageQuotaError'
  override readonly code = 'STORAGE_QUOTA_EXCEEDED'
  override readonly category = 'user'
}

/**
 * True for any Robota error, including a plain object rebuilt on the other side of a worker
 * boundary, where `instanceof` no longer holds.
 */
export function isRobotaError(value: unknown): value is RobotaError {
  if (value instanceof RobotaError) return true
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { category?: unknown }).category === 'string'
  )
}

/** True when an error means "the caller aborted", whatever layer threw it. */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    ((error as { name?: unknown }).name === 'AbortError' || (error as { code?: unknown }).code === 'ABORTED')
  )
}
