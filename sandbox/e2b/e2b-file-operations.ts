import type { EntryInfo } from 'e2b'
import { SandboxError } from '../sandbox-client.ts'
import type { TSandboxDirEntry, TSandboxEntryType, TSandboxFileStat } from '../sandbox-client.ts'
import { createFilesystemError } from '../in-memory/filesystem-error.ts'
import { parentSandboxPath } from '../in-memory/sandbox-path.ts'
import { isE2BNotFound, toSandboxErrorFromE2B } from './e2b-error.ts'
import type { TE2BFiles } from './e2b-sandbox.ts'

// E2B's filesystem is lenient where POSIX is strict: `makeDir` always creates parents and accepts
// an existing directory, `remove` deletes whole trees. The port is strict, so these operations
// check first; and where a failure's cause is unclear they look at the path before naming a code.
// Every path here is already resolved to a normalized absolute path.

/** Reads a file as UTF-8 text or as bytes (a `Uint8Array`, never Node's `Buffer`). */
export async function readE2BFile(files: TE2BFiles, path: string, bytes: boolean): Promise<string | Uint8Array> {
  try {
    return bytes ? await files.read(path, { format: 'bytes' }) : await files.read(path, { format: 'text' })
  } catch (error) {
    throw await explainFailure(files, error, 'readFile', path, 'SANDBOX_IS_A_DIRECTORY')
  }
}

/** Writes text or bytes; E2B creates the missing parent directories. */
export async function writeE2BFile(files: TE2BFiles, path: string, content: string | Uint8Array): Promise<void> {
  // The SDK takes an ArrayBuffer, not a view: copy exactly the view's bytes (a Node Buffer is a view
  // into a shared pool, so its `.buffer` would send the whole pool).
  const data = typeof content === 'string' ? content : new Uint8Array(content).buffer
  try {
    await files.write(path, data)
  } catch (error) {
    throw await explainFailure(files, error, 'writeFile', path, 'SANDBOX_IS_A_DIRECTORY')
  }
}

/** Lists one directory level, sorted by code-point order of name. */
export async function listE2BDirectory(files: TE2BFiles, path: string): Promise<TSandboxDirEntry[]> {
  try {
    const entries = await files.list(path, { depth: 1 })
    return entries
      .map((entry) => ({ name: entry.name, type: toEntryType(entry) }))
      .sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0))
  } catch (error) {
    throw await explainFailure(files, error, 'readdir', path, undefined, 'SANDBOX_NOT_A_DIRECTORY')
  }
}

/** Describes one entry from `files.getInfo`. */
export async function statE2BEntry(files: TE2BFiles, path: string): Promise<TSandboxFileStat> {
  const info = await requireInfo(files, path, 'stat')
  return { type: toEntryType(info), size: info.size, mode: info.mode, mtimeMs: info.modifiedTime?.getTime() ?? 0 }
}

/** Creates a directory; without `recursive` its parent must exist and it must not. */
export async function makeE2BDirectory(files: TE2BFiles, path: string, recursive: boolean): Promise<void> {
  if (!recursive) {
    const parent = await infoOrUndefined(files, parentSandboxPath(path), 'mkdir')
    if (parent === undefined) throw createFilesystemError('SANDBOX_NOT_FOUND', 'mkdir', path)
    if (toEntryType(parent) !== 'directory') throw createFilesystemError('SANDBOX_NOT_A_DIRECTORY', 'mkdir', path)
  }
  let created: boolean
  try {
    created = await files.makeDir(path)
  } catch (error) {
    throw await explainFailure(files, error, 'mkdir', path, 'SANDBOX_ALREADY_EXISTS', 'SANDBOX_ALREADY_EXISTS')
  }
  if (created) return
  const existing = await infoOrUndefined(files, path, 'mkdir')
  if (!recursive || existing === undefined || toEntryType(existing) !== 'directory') {
    throw createFilesystemError('SANDBOX_ALREADY_EXISTS', 'mkdir', path)
  }
}

/** Removes a file or link, or a directory (one with entries only with `recursive`). */
export async function removeE2BEntry(files: TE2BFiles, path: string, recursive: boolean): Promise<void> {
  if (path === '/') throw createFilesystemError('SANDBOX_INVALID_PATH', 'remove', path)
  const info = await requireInfo(files, path, 'remove')
  if (!recursive && toEntryType(info) === 'directory' && (await listE2BDirectory(files, path)).length > 0) {
    throw createFilesystemError('SANDBOX_NOT_EMPTY', 'remove', path)
  }
  try {
    await files.remove(path)
  } catch (error) {
    throw toSandboxErrorFromE2B(error, 'remove', path)
  }
}

/** Moves a file or directory. */
export async function renameE2BEntry(files: TE2BFiles, from: string, to: string): Promise<void> {
  await requireInfo(files, from, 'rename')
  try {
    await files.rename(from, to)
  } catch (error) {
    throw toSandboxErrorFromE2B(error, 'rename', from)
  }
}

function toEntryType(entry: Pick<EntryInfo, 'type' | 'symlinkTarget'>): TSandboxEntryType {
  if (entry.symlinkTarget !== undefined && entry.symlinkTarget !== '') return 'symlink'
  const type = String(entry.type)
  return type === 'dir' ? 'directory' : type === 'symlink' ? 'symlink' : 'file'
}

async function requireInfo(files: TE2BFiles, path: string, operation: string): Promise<EntryInfo> {
  const info = await infoOrUndefined(files, path, operation)
  if (info === undefined) throw createFilesystemError('SANDBOX_NOT_FOUND', operation, path)
  return info
}

async function infoOrUndefined(files: TE2BFiles, path: string, operation: string): Promise<EntryInfo | undefined> {
  try {
    return await files.getInfo(path)
  } catch (error) {
    if (isE2BNotFound(error)) return undefined
    throw toSandboxErrorFromE2B(error, operation, path)
  }
}

// A failure that is not plainly "not found" is explained by what sits at the path: a directory
// where a file was wanted, or a file where a directory was.
async function explainFailure(
  files: TE2BFiles,
  error: unknown,
  operation: string,
  path: string,
  whenDirectory?: 'SANDBOX_IS_A_DIRECTORY' | 'SANDBOX_ALREADY_EXISTS',
  whenFile?: 'SANDBOX_NOT_A_DIRECTORY' | 'SANDBOX_ALREADY_EXISTS'
): Promise<Error> {
  if (isE2BNotFound(error)) return toSandboxErrorFromE2B(error, operation, path)
  const info = await infoOrUndefined(files, path, operation).catch(() => undefined)
  const type = info === undefined ? undefined : toEntryType(info)
  const code = type === 'directory' ? whenDirectory : type === 'file' ? whenFile : undefined
  if (code !== undefined) {
    return new SandboxError(code, createFilesystemError(code, operation, path).message, { path, cause: error })
  }
  return toSandboxErrorFromE2B(error, operation, path)
}
