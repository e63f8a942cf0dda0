import { SandboxError } from './sandbox-client.ts'

/**
 * The error of a command asked to run in a directory that is missing or is a file: no process can
 * start there, so the command does not run (as Linux's `chdir` and E2B's envd refuse it).
 */
export function workingDirectoryError(code: 'SANDBOX_NOT_FOUND' | 'SANDBOX_NOT_A_DIRECTORY', path: string): SandboxError {
  const reason = code === 'SANDBOX_NOT_FOUND' ? 'does not exist' : 'is not a directory'
  return new SandboxError(code, `run(command, options): the working directory '${path}' ${reason}.`, { path })
}
