import type { PromiseFsClient } from 'isomorphic-git'
import { isSandboxError } from '../sandbox-client.ts'
import type { ISandboxClient, TSandboxErrorCode, TSandboxFileStat } from '../sandbox-client.ts'

// isomorphic-git asks for a Node-style promises filesystem and branches on `error.code`, so each
// port failure is rethrown with its POSIX code. The port has no chmod, symlink or readlink; those
// go through the sandbox's shell, which both clients have. Paths from isomorphic-git are absolute, so
// none can be mistaken for an option (just-bash's chmod does not accept `--`).

const posixCodeBySandboxCode: Partial<Record<TSandboxErrorCode, string>> = {
  SANDBOX_NOT_FOUND: 'ENOENT',
  SANDBOX_ALREADY_EXISTS: 'EEXIST',
  SANDBOX_NOT_A_DIRECTORY: 'ENOTDIR',
  SANDBOX_IS_A_DIRECTORY: 'EISDIR',
  SANDBOX_NOT_EMPTY: 'ENOTEMPTY'
}

/** A Node-style stat object, as isomorphic-git reads it. */
type TGitStats = {
  isFile(): boolean
  isDirectory(): boolean
  isSymbolicLink(): boolean
  size: number
  mode: number
  mtimeMs: number
  ctimeMs: number
  uid: number
  gid: number
  ino: number
  dev: number
}

/** Exposes a sandbox's filesystem as the promises filesystem isomorphic-git clones into. */
export function createSandboxGitFilesystem(sandbox: ISandboxClient): PromiseFsClient {
  const withCode = async <TResult>(operation: () => Promise<TResult>): Promise<TResult> => {
    try {
      return await operation()
    } catch (error) {
      const code = isSandboxError(error) ? posixCodeBySandboxCode[error.code] : undefined
      throw code === undefined ? error : Object.assign(new Error(`${code}: ${(error as Error).message}`), { code, cause: error })
    }
  }
  const shell = async (command: string): Promise<string> => {
    const result = await sandbox.run(command)
    if (result.exitCode !== 0) throw Object.assign(new Error(result.stderr.trim() || command), { code: 'EIO' })
    return result.stdout
  }
  const stat = (path: string): Promise<TGitStats> => withCode(async () => toGitStats(await sandbox.stat(path)))
  return {
    promises: {
      readFile: (path: string, options?: string | { encoding?: string }) =>
        withCode(async () => {
          const encoding = typeof options === 'string' ? options : options?.encoding
          return encoding === 'utf8' ? sandbox.readFile(path) : sandbox.readFile(path, { encoding: 'bytes' })
        }),
      writeFile: (path: string, data: string | Uint8Array, options?: string | { mode?: number }) =>
        withCode(async () => {
          await sandbox.writeFile(path, data)
          const mode = typeof options === 'object' ? options.mode : undefined
          if (mode !== undefined && (mode & 0o111) !== 0) await shell(`chmod 755 ${quote(path)}`)
        }),
      unlink: (path: string) => withCode(() => sandbox.remove(path)),
      rmdir: (path: string) => withCode(() => sandbox.remove(path)),
      mkdir: (path: string) => withCode(() => sandbox.mkdir(path)),
      readdir: (path: string) => withCode(async () => (await sandbox.readdir(path)).map((entry) => entry.name)),
      stat,
      lstat: stat,
      readlink: async (path: string) => (await shell(`readlink ${quote(path)}`)).replace(/\n$/, ''),
      symlink: async (target: string, path: string) => {
        await shell(`ln -s ${quote(target.startsWith('-') ? `./${target}` : target)} ${quote(path)}`)
      }
    }
  }
}

function toGitStats(stat: TSandboxFileStat): TGitStats {
  return {
    isFile: () => stat.type === 'file',
    isDirectory: () => stat.type === 'directory',
    isSymbolicLink: () => stat.type === 'symlink',
    size: stat.size,
    mode: stat.mode,
    mtimeMs: stat.mtimeMs,
    ctimeMs: stat.mtimeMs,
    uid: 1,
    gid: 1,
    ino: 0,
    dev: 0
  }
}

function quote(value: string): string {
  return `'${value.replaceAll("'", "'\\''")}'`
}
