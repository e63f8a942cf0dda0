import { SandboxError, isSandboxError } from '../sandbox-client.ts'
import type { TSandboxErrorCode, ISandboxRunResult } from '../sandbox-client.ts'
import { createFilesystemError } from '../in-memory/filesystem-error.ts'

// The SDK's errors are recognized by `name` rather than `instanceof`: the SDK is imported lazily
// (there is no class to compare with until it loads), a bundle may hold two copies of it, and a
// test fake may bring its own classes. Every SDK error class sets `name` in its constructor.

const notFoundNames = new Set(['FileNotFoundError', 'NotFoundError', 'SandboxNotFoundError'])

// envd reports POSIX failures as InvalidArgument or generic errors whose text carries the reason.
const codeByMessage: Array<[RegExp, TSandboxErrorCode]> = [
  [/no such file|does not exist|not found/i, 'SANDBOX_NOT_FOUND'],
  [/not a directory/i, 'SANDBOX_NOT_A_DIRECTORY'],
  [/is a directory/i, 'SANDBOX_IS_A_DIRECTORY'],
  [/already exists|file exists/i, 'SANDBOX_ALREADY_EXISTS'],
  [/not empty/i, 'SANDBOX_NOT_EMPTY']
]

/** The fields of the SDK's `CommandExitError`: a command that ran and exited non-zero. */
export type TE2BCommandExit = ISandboxRunResult & { name: 'CommandExitError' }

function nameOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const name = (error as { name?: unknown }).name
  return typeof name === 'string' ? name : undefined
}

/** True for the SDK's `CommandExitError`, which `commands.run` and `handle.wait()` throw on a non-zero exit. */
export function isE2BCommandExit(error: unknown): error is TE2BCommandExit {
  if (nameOf(error) !== 'CommandExitError') return false
  const { exitCode, stdout, stderr } = error as Partial<ISandboxRunResult>
  return typeof exitCode === 'number' && typeof stdout === 'string' && typeof stderr === 'string'
}

/** True for the SDK's `TimeoutError`: a request or a command's `timeoutMs` deadline passed. */
export function isE2BTimeout(error: unknown): boolean {
  return nameOf(error) === 'TimeoutError'
}

/** True for envd's refusal to start a process in a directory that does not exist (`invalid_argument`). */
export function isE2BMissingWorkingDirectory(error: unknown): boolean {
  return nameOf(error) === 'InvalidArgumentError' && /\bcwd '[^']*' does not exist/.test((error as Error).message)
}

/** True for the SDK's not-found errors (a missing file, directory or sandbox). */
export function isE2BNotFound(error: unknown): boolean {
  const name = nameOf(error)
  return name !== undefined && notFoundNames.has(name)
}

/** Maps whatever the SDK threw to a `SandboxError` naming `operation` and `path`. */
export function toSandboxErrorFromE2B(error: unknown, operation: string, path: string): SandboxError {
  if (isSandboxError(error)) return error
  const message = error instanceof Error ? error.message : String(error)
  const code = isE2BNotFound(error)
    ? 'SANDBOX_NOT_FOUND'
    : (codeByMessage.find(([pattern]) => pattern.test(message))?.[1] ?? 'SANDBOX_ERROR')
  if (code !== 'SANDBOX_ERROR') {
    const mapped = createFilesystemError(code, operation, path)
    return new SandboxError(code, mapped.message, { path, cause: error })
  }
  return new SandboxError(code, `${operation} '${path}': ${message}`, { path, cause: error })
}
