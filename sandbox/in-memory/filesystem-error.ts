import { SandboxError, isSandboxError } from '../sandbox-client.ts'
import type { TSandboxErrorCode } from '../sandbox-client.ts'

// just-bash's InMemoryFs throws plain Errors whose message starts with the POSIX code
// ("ENOENT: no such file or directory, open '/x'") and sets no `code` property.
const codeByPosixCode: Record<string, TSandboxErrorCode> = {
  ENOENT: 'SANDBOX_NOT_FOUND',
  EEXIST: 'SANDBOX_ALREADY_EXISTS',
  ENOTDIR: 'SANDBOX_NOT_A_DIRECTORY',
  EISDIR: 'SANDBOX_IS_A_DIRECTORY',
  ENOTEMPTY: 'SANDBOX_NOT_EMPTY',
  EINVAL: 'SANDBOX_INVALID_PATH'
}

const reasonByCode: Record<TSandboxErrorCode, string> = {
  SANDBOX_NOT_FOUND: 'no such file or directory',
  SANDBOX_ALREADY_EXISTS: 'already exists',
  SANDBOX_NOT_A_DIRECTORY: 'not a directory',
  SANDBOX_IS_A_DIRECTORY: 'is a directory',
  SANDBOX_NOT_EMPTY: 'directory not empty',
  SANDBOX_INVALID_PATH: 'invalid path',
  SANDBOX_DISPOSED: 'sandbox disposed',
  SANDBOX_INVALID_OPTIONS: 'invalid options',
  SANDBOX_ERROR: 'failed'
}

/** Builds a `SandboxError` whose message names the operation and the path. */
export function createFilesystemError(code: TSandboxErrorCode, operation: string, path: string): SandboxError {
  return new SandboxError(code, `${operation} '${path}': ${reasonByCode[code]}`, { path })
}

/** Maps whatever the filesystem threw to a `SandboxError` naming `operation` and `path`. */
export function toSandboxError(error: unknown, operation: string, path: string): SandboxError {
  if (isSandboxError(error)) return error
  const code = posixCodeOf(error)
  const sandboxCode = (code !== undefined ? codeByPosixCode[code] : undefined) ?? 'SANDBOX_ERROR'
  const detail = sandboxCode === 'SANDBOX_ERROR' && error instanceof Error ? `: ${error.message}` : ''
  return new SandboxError(sandboxCode, `${operation} '${path}': ${reasonByCode[sandboxCode]}${detail}`, {
    path,
    cause: error
  })
}

/** True when the filesystem said the path does not exist (any more). */
export function isNotFoundError(error: unknown): boolean {
  return isSandboxError(error) ? error.code === 'SANDBOX_NOT_FOUND' : posixCodeOf(error) === 'ENOENT'
}

function posixCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') return code
  const message = (error as { message?: unknown }).message
  if (typeof message !== 'string') return undefined
  return /^(E[A-Z]+):/.exec(message)?.[1]
}
