// Errors as plain data and back: how they cross a worker boundary or a socket with their class and code.
import { RobotaError, type TErrorOptions, type TRobotaErrorCategory, type TRobotaErrorCode } from '../lib/core/errors.ts'
import { isRobotaErrorCode, keepErrorName, robotaErrorOfCode } from '../lib/core/robota-error-of-code.ts'
import { ReplayDivergenceError } from '../lib/storage/replay-log/replay-provider.ts'
import { SandboxError, type TSandboxErrorCode } from '../sandbox/sandbox-client.ts'
import { WorkspaceManifestError, type TWorkspaceManifestErrorCode } from '../sandbox/workspace/workspace-manifest-error.ts'

/** An error as it crosses the worker boundary: plain data that names its class by code. */
export type TSerializedError = {
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

/** Rebuilds one Robota error class from its serialized form. */
type TRobotaErrorFactory = (serialized: TSerializedError) => RobotaError

function options(serialized: TSerializedError): TErrorOptions {
  return serialized.details ? { details: serialized.details } : {}
}

// Subclasses that share their parent's code, found by name so they come back as themselves.
const ROBOTA_SUBCLASSES: Readonly<Record<string, { code: TRobotaErrorCode; create: TRobotaErrorFactory }>> = {
  ReplayDivergenceError: { code: 'VALIDATION_ERROR', create: (s) => new ReplayDivergenceError(s.message, options(s)) }
}

function rebuildRobotaError(serialized: TSerializedError & { code: TRobotaErrorCode }): RobotaError {
  const subclass = Object.hasOwn(ROBOTA_SUBCLASSES, serialized.name) ? ROBOTA_SUBCLASSES[serialized.name] : undefined
  const error = subclass?.code === serialized.code ? subclass.create(serialized) : robotaErrorOfCode(serialized.code, serialized)
  return keepErrorName(error, serialized.name)
}

/** For `serializeError` over a socket: a server's stack names its files and lines, no business of a client's. */
export const NO_STACK = { stack: false } as const

/**
 * Turns any thrown value into plain data that names its class and keeps its `code`, `details`,
 * `path` and `problems`, and its stack unless `options.stack` is `false`.
 */
export function serializeError(value: unknown, options: { stack?: boolean } = {}): TSerializedError {
  if (!(value instanceof Error)) return { name: 'Error', message: String(value) }
  const error = value as Error & { code?: unknown; category?: unknown; recoverable?: unknown; details?: unknown; path?: unknown; problems?: unknown }
  return {
    name: error.name,
    message: error.message,
    ...(error.stack && options.stack !== false ? { stack: error.stack } : {}),
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
  if (serialized.name === 'WorkspaceManifestError' && serialized.code && serialized.problems) {
    error = new WorkspaceManifestError(serialized.code as TWorkspaceManifestErrorCode, serialized.problems)
  } else if (serialized.name === 'SandboxError' && serialized.code) {
    error = new SandboxError(serialized.code as TSandboxErrorCode, serialized.message, serialized.path ? { path: serialized.path } : {})
  } else if (serialized.code && isRobotaErrorCode(serialized.code)) {
    error = rebuildRobotaError({ ...serialized, code: serialized.code })
  } else if (serialized.code && serialized.category) {
    // A code this side does not know (the other side is a newer build): still a Robota error.
    error = new RobotaError(
      serialized.message,
      serialized.code as TRobotaErrorCode,
      serialized.category as TRobotaErrorCategory,
      serialized.recoverable === true,
      options(serialized)
    )
  } else {
    error = new Error(serialized.message)
    error.name = serialized.name
    if (serialized.code) Object.assign(error, { code: serialized.code })
  }
  if (serialized.stack) error.stack = serialized.stack
  return error
}
