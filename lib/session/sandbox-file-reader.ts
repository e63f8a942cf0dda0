import { isSandboxError, type ISandboxClient, type TSandboxDirEntry } from '../../sandbox/sandbox-client.ts'

// Codes that mean "nothing is there to read": a missing path, or a file where a directory was
// expected (or the reverse). Anything else (a disposed sandbox, a broken VM) is a real failure.
const ABSENT_CODES = new Set(['SANDBOX_NOT_FOUND', 'SANDBOX_NOT_A_DIRECTORY', 'SANDBOX_IS_A_DIRECTORY'])

function isAbsent(error: unknown): boolean {
  return isSandboxError(error) && ABSENT_CODES.has(error.code)
}

/**
 * Reads a text file of the sandbox, or `undefined` when there is no such file. Configuration and
 * context files are optional, so their absence is an answer, not an error.
 */
export async function readOptionalFile(sandbox: ISandboxClient, path: string): Promise<string | undefined> {
  try {
    return await sandbox.readFile(path)
  } catch (error) {
    if (isAbsent(error)) return undefined
    throw error
  }
}

/** Lists a directory of the sandbox, or an empty list when there is no such directory. */
export async function listOptionalDirectory(sandbox: ISandboxClient, path: string): Promise<TSandboxDirEntry[]> {
  try {
    return await sandbox.readdir(path)
  } catch (error) {
    if (isAbsent(error)) return []
    throw error
  }
}
