import type { FsStat, IFileSystem } from 'just-bash'
import type { TSandboxDirEntry, TSandboxEntryType, TSandboxFileStat } from '../sandbox-client.ts'
import { createFilesystemError, toSandboxError } from './filesystem-error.ts'
import { workingDirectoryError } from '../working-directory-error.ts'
import { ancestorSandboxPaths, isSandboxPathWithin, parentSandboxPath } from './sandbox-path.ts'

// just-bash's InMemoryFs is permissive where POSIX is strict: it writes "through" a file as if it
// were a directory, lets a file replace a directory (by write or by move), and creates directories
// below a file. These operations check first, so the in-memory sandbox fails the way a Linux
// sandbox would.
// Every path here is already resolved to a normalized absolute path.

/** Reads a file's bytes; the copy returned is the caller's to change. */
export async function readFileBytes(fs: IFileSystem, path: string): Promise<Uint8Array> {
  try {
    return (await fs.readFileBuffer(path)).slice()
  } catch (error) {
    throw toSandboxError(error, 'readFile', path)
  }
}

/** Writes text or bytes, creating missing parent directories. */
export async function writeFileContent(fs: IFileSystem, path: string, content: string | Uint8Array): Promise<void> {
  await assertAncestorsAreDirectories(fs, path, 'writeFile')
  if ((await statOrUndefined(fs, path))?.isDirectory) throw createFilesystemError('SANDBOX_IS_A_DIRECTORY', 'writeFile', path)
  try {
    await fs.writeFile(path, typeof content === 'string' ? content : content.slice())
  } catch (error) {
    throw toSandboxError(error, 'writeFile', path)
  }
}

/** Lists a directory by code-point order of name, so the order is the same on every platform. */
export async function listDirectory(fs: IFileSystem, path: string): Promise<TSandboxDirEntry[]> {
  try {
    const entries = fs.readdirWithFileTypes
      ? (await fs.readdirWithFileTypes(path)).map((entry) => ({
          name: entry.name,
          type: toEntryType(entry.isSymbolicLink, entry.isDirectory)
        }))
      : await Promise.all(
          (await fs.readdir(path)).map(async (name) => ({
            name,
            type: toEntryType(...flagsOf(await fs.lstat(`${path === '/' ? '' : path}/${name}`)))
          }))
        )
    return entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0))
  } catch (error) {
    throw toSandboxError(error, 'readdir', path)
  }
}

/** Describes the entry itself: a symbolic link is reported as a link, not as its target. */
export async function statEntry(fs: IFileSystem, path: string): Promise<TSandboxFileStat> {
  try {
    const stat = await fs.lstat(path)
    return { type: toEntryType(...flagsOf(stat)), size: stat.size, mode: stat.mode, mtimeMs: stat.mtime.getTime() }
  } catch (error) {
    throw toSandboxError(error, 'stat', path)
  }
}

/** Refuses a command's working directory that is missing or a file; a link to a directory will do. */
export async function assertWorkingDirectory(fs: IFileSystem, path: string): Promise<void> {
  const stat = await statOrUndefined(fs, path)
  if (stat === undefined) throw workingDirectoryError('SANDBOX_NOT_FOUND', path)
  if (!stat.isDirectory) throw workingDirectoryError('SANDBOX_NOT_A_DIRECTORY', path)
}

/** Creates a directory; with `recursive`, its missing parents too, and an existing one is fine. */
export async function makeDirectory(fs: IFileSystem, path: string, recursive: boolean): Promise<void> {
  await assertAncestorsAreDirectories(fs, path, 'mkdir', !recursive)
  const existing = await statOrUndefined(fs, path)
  if (existing !== undefined && (!recursive || !existing.isDirectory)) {
    throw createFilesystemError('SANDBOX_ALREADY_EXISTS', 'mkdir', path)
  }
  try {
    await fs.mkdir(path, { recursive })
  } catch (error) {
    throw toSandboxError(error, 'mkdir', path)
  }
}

/** Removes a file, a link or an empty directory; a directory with entries needs `recursive`. */
export async function removeEntry(fs: IFileSystem, path: string, recursive: boolean): Promise<void> {
  if (path === '/') throw createFilesystemError('SANDBOX_INVALID_PATH', 'remove', path)
  const existing = await lstatOrUndefined(fs, path)
  if (existing === undefined) throw createFilesystemError('SANDBOX_NOT_FOUND', 'remove', path)
  if (existing.isDirectory && !recursive && (await fs.readdir(path)).length > 0) {
    throw createFilesystemError('SANDBOX_NOT_EMPTY', 'remove', path)
  }
  try {
    await fs.rm(path, { recursive })
  } catch (error) {
    throw toSandboxError(error, 'remove', path)
  }
}

/** Moves an entry as POSIX `rename` does: it replaces a file or an empty directory of its kind. */
export async function renameEntry(fs: IFileSystem, from: string, to: string): Promise<void> {
  const source = await lstatOrUndefined(fs, from)
  if (source === undefined) throw createFilesystemError('SANDBOX_NOT_FOUND', 'rename', from)
  if (from === to) return
  if (from === '/' || isSandboxPathWithin(to, from)) throw createFilesystemError('SANDBOX_INVALID_PATH', 'rename', to)
  const parent = await statOrUndefined(fs, parentSandboxPath(to))
  if (parent === undefined) throw createFilesystemError('SANDBOX_NOT_FOUND', 'rename', parentSandboxPath(to))
  if (!parent.isDirectory) throw createFilesystemError('SANDBOX_NOT_A_DIRECTORY', 'rename', to)
  const target = await lstatOrUndefined(fs, to)
  if (target?.isDirectory) {
    if (!source.isDirectory) throw createFilesystemError('SANDBOX_IS_A_DIRECTORY', 'rename', to)
    if ((await fs.readdir(to)).length > 0) throw createFilesystemError('SANDBOX_NOT_EMPTY', 'rename', to)
  } else if (target !== undefined && source.isDirectory) {
    throw createFilesystemError('SANDBOX_NOT_A_DIRECTORY', 'rename', to)
  }
  try {
    if (target !== undefined) await fs.rm(to, { recursive: true })
    await fs.mv(from, to)
  } catch (error) {
    throw toSandboxError(error, 'rename', from)
  }
}

/**
 * Fails with SANDBOX_NOT_A_DIRECTORY when an existing ancestor of `path` is not a directory, and,
 * with `parentMustExist`, with SANDBOX_NOT_FOUND when the parent is missing.
 */
async function assertAncestorsAreDirectories(
  fs: IFileSystem,
  path: string,
  operation: string,
  parentMustExist = false
): Promise<void> {
  for (const ancestor of ancestorSandboxPaths(path)) {
    const stat = await statOrUndefined(fs, ancestor)
    if (stat === undefined) {
      if (parentMustExist) throw createFilesystemError('SANDBOX_NOT_FOUND', operation, path)
      return
    }
    if (!stat.isDirectory) throw createFilesystemError('SANDBOX_NOT_A_DIRECTORY', operation, path)
  }
}

async function statOrUndefined(fs: IFileSystem, path: string): Promise<FsStat | undefined> {
  return fs.stat(path).catch(() => undefined)
}

async function lstatOrUndefined(fs: IFileSystem, path: string): Promise<FsStat | undefined> {
  return fs.lstat(path).catch(() => undefined)
}

function flagsOf(stat: FsStat): [isSymbolicLink: boolean, isDirectory: boolean] {
  return [stat.isSymbolicLink, stat.isDirectory]
}

function toEntryType(isSymbolicLink: boolean, isDirectory: boolean): TSandboxEntryType {
  return isSymbolicLink ? 'symlink' : isDirectory ? 'directory' : 'file'
}
