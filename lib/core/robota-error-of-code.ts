import {
  AuthenticationError,
  CircuitBreakerOpenError,
  ConfigurationError,
  ModelNotAvailableError,
  NetworkError,
  ProviderError,
  ProviderSdkMissingError,
  RateLimitError,
  RobotaError,
  StorageError,
  StorageQuotaError,
  StructuredOutputError,
  ToolExecutionError,
  ValidationError,
  type TErrorOptions,
  type TRobotaErrorCategory,
  type TRobotaErrorCode
} from './errors.ts'
import { PluginError, type TPluginErrorDetails } from './plugins/plugin-error.ts'

/** What an error rebuilt from plain data had besides its code and message. */
export type TRobotaErrorParts = { message: string; details?: Record<string, unknown> | undefined; category?: string | undefined; recoverable?: boolean | undefined }

type TRobotaErrorFactory = (parts: TRobotaErrorParts) => RobotaError

function options(parts: TRobotaErrorParts): TErrorOptions {
  return parts.details ? { details: parts.details } : {}
}

// Keyed by every code, so a code added to TRobotaErrorCode without a class here fails typecheck.
const ROBOTA_ERRORS: { readonly [Code in TRobotaErrorCode]: TRobotaErrorFactory } = {
  CONFIGURATION_ERROR: (p) => new ConfigurationError(p.message, options(p)),
  VALIDATION_ERROR: (p) => new ValidationError(p.message, options(p)),
  PROVIDER_ERROR: (p) => new ProviderError(p.message, options(p)),
  AUTHENTICATION_ERROR: (p) => new AuthenticationError(p.message, options(p)),
  RATE_LIMIT_ERROR: (p) => new RateLimitError(p.message, options(p)),
  NETWORK_ERROR: (p) => new NetworkError(p.message, options(p)),
  TOOL_EXECUTION_ERROR: (p) => new ToolExecutionError(p.message, options(p)),
  MODEL_NOT_AVAILABLE: (p) => new ModelNotAvailableError(p.message, options(p)),
  CIRCUIT_BREAKER_OPEN: (p) => new CircuitBreakerOpenError(p.message, options(p)),
  PLUGIN_ERROR: (p) => new PluginError(p.message, (p.details ?? {}) as TPluginErrorDetails),
  STORAGE_ERROR: (p) => new StorageError(p.message, options(p)),
  STORAGE_QUOTA_EXCEEDED: (p) => new StorageQuotaError(p.message, options(p)),
  PROVIDER_SDK_MISSING: (p) => new ProviderSdkMissingError(p.message, options(p)),
  STRUCTURED_OUTPUT_INVALID: (p) => new StructuredOutputError(p.message, options(p)),
  // No class of its own: a call that could not finish. Whether a retry helps varies per case.
  ABORTED: (p) => new RobotaError(p.message, 'ABORTED', (p.category as TRobotaErrorCategory | undefined) ?? 'system', p.recoverable === true, options(p))
}

/** True when `code` is one of the codes Robota's errors carry. */
export function isRobotaErrorCode(code: string): code is TRobotaErrorCode {
  return Object.hasOwn(ROBOTA_ERRORS, code)
}

/**
 * The Robota error class `code` stands for, built from plain data (a run result's `error`, an
 * error that crossed a worker boundary), so `instanceof` and `code` both hold again.
 */
export function robotaErrorOfCode(code: TRobotaErrorCode, parts: TRobotaErrorParts): RobotaError {
  return ROBOTA_ERRORS[code](parts)
}

/**
 * `error` carrying `name`: a subclass that has no class on this side (a provider's own, an app's
 * own) is rebuilt as its nearest Robota class and keeps the name logs and checks read.
 */
export function keepErrorName<TError extends Error>(error: TError, name: string): TError {
  if (error.name !== name) Object.defineProperty(error, 'name', { value: name, enumerable: true, configurable: true })
  return error
}

let codesByName: ReadonlyMap<string, TRobotaErrorCode> | undefined

/**
 * The code of the Robota error class named `name` (`ConfigurationError`…), for an error known only
 * by its name and message, such as one a worker's script threw as it loaded.
 */
export function robotaErrorCodeOfName(name: string): TRobotaErrorCode | undefined {
  // ABORTED has no class of its own: its errors are named RobotaError.
  codesByName ??= new Map(
    (Object.keys(ROBOTA_ERRORS) as TRobotaErrorCode[]).filter((code) => code !== 'ABORTED').map((code) => [robotaErrorOfCode(code, { message: '' }).name, code])
  )
  return codesByName.get(name)
}
