import { EnvdRpcError } from './envd-connect-codec.ts'
import { describeError } from '../../core/describe-error.ts'

/**
 * What envd answers for a failure of the sandbox behind it (which throws the SDK's error classes,
 * recognized by name): a missing path is `not_found`, a path of the wrong kind `invalid_argument`,
 * anything else `internal`, each with the message envd would give.
 */
export function toEnvdRpcError(error: unknown): EnvdRpcError {
  if (error instanceof EnvdRpcError) return error
  const name = error instanceof Error ? error.name : undefined
  const message = describeError(error)
  if (name === 'FileNotFoundError' || name === 'NotFoundError') return new EnvdRpcError('not_found', message)
  if (name === 'InvalidArgumentError') return new EnvdRpcError('invalid_argument', message)
  if (name === 'TimeoutError') return new EnvdRpcError('deadline_exceeded', message)
  return new EnvdRpcError('internal', message)
}

/** The HTTP status envd's REST side (`/files`) answers a failure with. */
export function envdHttpStatus(error: EnvdRpcError): number {
  if (error.code === 'not_found') return 404
  if (error.code === 'invalid_argument') return 400
  if (error.code === 'unauthenticated') return 401
  return 500
}
