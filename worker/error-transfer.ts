import * as Comlink from 'comlink'
import {
  AuthenticationError,
  CircuitBreakerOpenError,
  ConfigurationError,
  ModelNotAvailableError,
  NetworkError,
  ProviderError,
  RateLimitError,
  RobotaError,
  StorageError,
  StorageQuotaError,
  ToolExecutionError,
  ValidationError,
  type TRobotaErrorCategory,
  type TRobotaErrorCode
} from '../lib/core/errors.ts'
import { SandboxError, type TSandboxErrorCode } from '../sandbox/sandbox-client.ts'
import { WorkspaceManifestError, type TWorkspaceManifestErrorCode } from '../sandbox/workspace/workspace-manifest-error.ts'

/** An error as it crosses the worker boundary: plain data that names its class by code. */
type TSerializedError = {
  name: string
  message: string
  stack?: string
  code?: string
  category?: string
  recoverable?: boolean
  details?: Record<string, unknown>
  path?: string
  /** A rejected workspace manifest's problems, one per bad entry or field. */
  problems?: string[]
}

type TThrown = { value: unknown }

const ROBOTA_ERRORS: Record<string, new (message: string, options?: { details?: Record<string, unknown> }) => RobotaError> = {
  CONFIGURATION_ERROR: ConfigurationError,
  VALIDATION_ERROR: ValidationError,
  PROVIDER_ERROR: ProviderError,
  AUTHENTICATION_ERROR: AuthenticationError,
  RATE_LIMIT_ERROR: RateLimitError,
  NETWORK_ERROR: NetworkError,
  TOOL_EXECUTION_ERROR: ToolExecutionError,
  MODEL_NOT_AVAILABLE: ModelNotAvailableError,
  CIRCUIT_BREAKER_OPEN: CircuitBreakerOpenError,
  STORAGE_ERROR: StorageError,
  STORAGE_QUOTA_EXCEEDED: StorageQuotaError
}

function serializeError(value: unknown): TSerializedError {
  if (!(value instanceof Error)) return { name: 'Error', message: String(value) }
  const error = value as Error & { code?: unknown; category?: unknown; recoverable?: unknown; details?: unknown; path?: unknown; problems?: unknown }
  return {
    name: error.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack } : {}),
    ...(typeof error.code === 'string' ? { code: error.code } : {}),
    ...(typeof error.category === 'string' ? { category: error.category } : {}),
    ...(typeof error.recoverable === 'boolean' ? { recoverable: error.recoverable } : {}),
    ...(error.details && typeof error.details === 'object' ? { details: error.details as Record<string, unknown> } : {}),
    ...(typeof error.path === 'string' ? { path: error.path } : {}),
    ...(Array.isArray(error.problems) ? { problems: error.problems.map(String) } : {})
  }
}

/** Rebuilds the error class a serialized error came from, so `instanceof` and `code` both hold. */
export function deserializeError(serialized: TSerializedError): Error {
  let error: Error
  const RobotaErrorClass = serialized.code ? ROBOTA_ERRORS[serialized.code] : undefined
  if (serialized.name === 'WorkspaceManifestError' && serialized.code && serialized.problems) {
    error = new WorkspaceManifestError(serialized.code as TWorkspaceManifestErrorCode, serialized.problems)
  } else if (serialized.name === 'SandboxError' && serialized.code) {
    error = new SandboxError(serialized.code as TSandboxErrorCode, serialized.message, serialized.path ? { path: serialized.path } : {})
  } else if (RobotaErrorClass) {
    error = new RobotaErrorClass(serialized.message, serialized.details ? { details: serialized.details } : {})
  } else if (serialized.code && serialized.category) {
    // A Robota error without a class of its own here (a plugin failure, say): keep code and category.
    error = new RobotaError(
      serialized.message,
      serialized.code as TRobotaErrorCode,
      serialized.category as TRobotaErrorCategory,
      serialized.recoverable === true,
      serialized.details ? { details: serialized.details } : {}
    )
  } else {
    error = new Error(serialized.message)
    error.name = serialized.name
    if (serialized.code) Object.assign(error, { code: serialized.code })
  }
  if (serialized.stack) error.stack = serialized.stack
  return error
}

/**
 * Replaces comlink's error transfer, which keeps only name, message and stack, with one that
 * carries `code`, `details`, `path` and a manifest's `problems` and rebuilds the SDK's error classes. Both sides of the
 * boundary must call it; it is idempotent.
 */
export function registerErrorTransfer(): void {
  const builtIn = Comlink.transferHandlers.get('throw')
  if (!builtIn) return
  Comlink.transferHandlers.set('throw', {
    canHandle: builtIn.canHandle,
    serialize: (thrown) => [serializeError((thrown as TThrown).value), []],
    deserialize: (serialized) => {
      throw deserializeError(serialized as TSerializedError)
    }
  })
}
