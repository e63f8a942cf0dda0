import { createId } from '../../core/create-id.ts'
import { isSandboxError } from '../../../sandbox/sandbox-client.ts'
import type { ISandboxClient, TSandboxFileStat } from '../../../sandbox/sandbox-client.ts'
import { baseName, joinPath, parentPath, quoteShellWord } from './posix-path.ts'
import { describeSandboxFailure, ToolFailure } from './tool-failure.ts'

const PERMISSION_BITS = 0o7777

/** What an atomic write did. */
export type TAtomicWriteOutcome = {
  /** Size of the content in UTF-8 bytes. */
  bytes: number
  /** True when the file did not exist before. */
  created: boolean
  /** Set when the old file's mode could not be given to the new one. */
  warning?: string
}

/**
 * Replaces a file's content so that no reader ever sees half of it: the content goes to a temporary
 * file in the same directory, takes the old file's mode, and is renamed over the target. On any
 * failure the temporary file is removed and the target is left as it was. Missing parent
 * directories are created. The port has no chmod, so the mode is set with the sandbox's `chmod`.
 */
export async function writeFileAtomically(sandbox: ISandboxClient, path: string, content: string): Promise<TAtomicWriteOutcome> {
  const bytes = new TextEncoder().encode(content).length
  const existing = await statOrUndefined(sandbox, path)
  if (existing?.type === 'directory') throw new ToolFailure(`${path} is a directory, not a file.`)
  if (existing?.type === 'symlink') {
    // Renaming over a link would replace the link itself; writing through it keeps it pointing where it did.
    await guard(path, () => sandbox.writeFile(path, content))
    return { bytes, created: false }
  }
  const directory = parentPath(path)
  try {
    await sandbox.mkdir(directory, { recursive: true })
  } catch (error) {
    // A recursive mkdir meets an existing path only where that path is not a directory.
    const reason = isSandboxError(error) && error.code === 'SANDBOX_ALREADY_EXISTS' ? `a parent of ${path} is a file, not a directory` : describeSandboxFailure(error, path)
    throw new ToolFailure(`Could not write ${path} (${reason}).`)
  }
  const temporary = joinPath(directory, `.${baseName(path)}.${createId().slice(0, 8)}.tmp`)
  try {
    await sandbox.writeFile(temporary, content)
    const warning = existing === undefined ? undefined : await copyMode(sandbox, existing.mode, temporary)
    await sandbox.rename(temporary, path)
    return { bytes, created: existing === undefined, ...(warning === undefined ? {} : { warning }) }
  } catch (error) {
    await sandbox.remove(temporary).catch(() => undefined)
    throw new ToolFailure(`Could not write ${path} (${describeSandboxFailure(error, path)}); the file was left unchanged.`)
  }
}

async function copyMode(sandbox: ISandboxClient, mode: number, temporary: string): Promise<string | undefined> {
  const wanted = mode & PERMISSION_BITS
  const current = (await sandbox.stat(temporary)).mode & PERMISSION_BITS
  if (current === wanted) return undefined
  const octal = wanted.toString(8).padStart(4, '0')
  const result = await sandbox.run(`chmod ${octal} ${quoteShellWord(temporary)}`)
  if (result.exitCode === 0) return undefined
  return `The file's mode ${octal} could not be kept (chmod exited with ${result.exitCode}).`
}

async function statOrUndefined(sandbox: ISandboxClient, path: string): Promise<TSandboxFileStat | undefined> {
  try {
    return await sandbox.stat(path)
  } catch (error) {
    if (isSandboxError(error) && error.code === 'SANDBOX_NOT_FOUND') return undefined
    throw new ToolFailure(describeSandboxFailure(error, path))
  }
}

async function guard(path: string, operation: () => Promise<void>): Promise<void> {
  try {
    await operation()
  } catch (error) {
    throw new ToolFailure(`Could not write ${path} (${describeSandboxFailure(error, path)}).`)
  }
}
