import type { FsStat, IFileSystem } from 'just-bash'
import type { PromiseFsClient } from 'isomorphic-git'

// isomorphic-git branches on `error.code`; just-bash's InMemoryFs throws plain Errors whose message
// starts with the code ("ENOENT: no such file or directory, open '/x'"), so the code is copied over.
function withCode(error: unknown): unknown {
  if (!(error instanceof Error) || typeof (error as { code?: unknown }).code === 'string') return error
  const code = /^(E[A-Z]+):/.exec(error.message)?.[1]
  return code === undefined ? error : Object.assign(error, { code })
}

async function coded<TResult>(operation: () => Promise<TResult>): Promise<TResult> {
  try {
    return await operation()
  } catch (error) {
    throw withCode(error)
  }
}

function toGitStats(stat: FsStat) {
  const mtimeMs = stat.mtime.getTime()
  return {
    isFile: () => stat.isFile,
    isDirectory: () => stat.isDirectory,
    isSymbolicLink: () => stat.isSymbolicLink,
    size: stat.size,
    mode: stat.mode,
    mtimeMs,
    ctimeMs: mtimeMs,
    uid: 1,
    gid: 1,
    ino: 0,
    dev: 0
  }
}

/**
 * Exposes just-bash's filesystem as the promises filesystem isomorphic-git expects, so the shell
 * and git share one filesystem: what `git checkout` writes, `cat` reads.
 */
export function createJustBashGitFilesystem(fs: IFileSystem): PromiseFsClient {
  return {
    promises: {
      readFile: (path: string, options?: string | { encoding?: string }) =>
        coded<string | Uint8Array>(() => {
          const encoding = typeof options === 'string' ? options : options?.encoding
          return encoding === 'utf8' ? fs.readFile(path, 'utf8') : fs.readFileBuffer(path)
        }),
      writeFile: (path: string, data: string | Uint8Array, options?: string | { mode?: number }) =>
        coded(async () => {
          await fs.writeFile(path, typeof data === 'string' ? data : new Uint8Array(data))
          if (typeof options === 'object' && options.mode !== undefined) await fs.chmod(path, options.mode & 0o777)
        }),
      unlink: (path: string) => coded(() => fs.rm(path)),
      rmdir: (path: string, options?: { recursive?: boolean }) => coded(() => fs.rm(path, { recursive: options?.recursive === true })),
      mkdir: (path: string) => coded(() => fs.mkdir(path)),
      readdir: (path: string) => coded(() => fs.readdir(path)),
      stat: (path: string) => coded(async () => toGitStats(await fs.stat(path))),
      lstat: (path: string) => coded(async () => toGitStats(await fs.lstat(path))),
      readlink: (path: string) => coded(() => fs.readlink(path)),
      symlink: (target: string, path: string) => coded(() => fs.symlink(target, path)),
      chmod: (path: string, mode: number) => coded(() => fs.chmod(path, mode & 0o777))
    }
  }
}
