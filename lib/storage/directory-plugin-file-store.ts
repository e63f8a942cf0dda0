import { StorageError } from '../core/errors.ts'
import type { IPluginFileStore } from './plugin-file-store.ts'
import { describeError } from '../core/describe-error.ts'

/** The part of Node's `fs/promises` a directory store uses; pass Node's `fs/promises` module. */
export type TDirectoryFileSystem = {
  readFile(path: string, encoding: 'utf8'): Promise<string>
  writeFile(path: string, content: string, encoding: 'utf8'): Promise<void>
  mkdir(path: string, options: { recursive: true }): Promise<unknown>
  readdir(path: string, options: { recursive: true }): Promise<string[]>
  stat(path: string): Promise<{ isFile(): boolean }>
  rm(path: string, options: { recursive: true; force: true }): Promise<void>
}

/** Where a directory store keeps plugins: a root folder such as `~/.robota/plugins`, and Node's file system. */
export type TDirectoryPluginFileStoreOptions = { root: string; fs: TDirectoryFileSystem }

/**
 * Plugin files in a directory on disk, the user scope in Node (`~/.robota/plugins/`). The file
 * system is passed in, so this module stays importable in a browser bundle.
 */
export class DirectoryPluginFileStore implements IPluginFileStore {
  readonly location: string
  private readonly root: string

  constructor(private readonly options: TDirectoryPluginFileStoreOptions) {
    this.root = options.root.replace(/\/+$/, '')
    this.location = this.root
  }

  async read(path: string): Promise<string | undefined> {
    try {
      return await this.options.fs.readFile(this.resolve(path), 'utf8')
    } catch (error) {
      if (isMissing(error)) return undefined
      throw this.failure('read', path, error)
    }
  }

  async write(path: string, content: string): Promise<void> {
    const target = this.resolve(path)
    try {
      await this.options.fs.mkdir(target.slice(0, target.lastIndexOf('/')), { recursive: true })
      await this.options.fs.writeFile(target, content, 'utf8')
    } catch (error) {
      throw this.failure('write', path, error)
    }
  }

  async list(directory: string): Promise<string[]> {
    const base = this.resolve(directory)
    let names: string[]
    try {
      names = await this.options.fs.readdir(base, { recursive: true })
    } catch (error) {
      if (isMissing(error)) return []
      throw this.failure('list', directory, error)
    }
    const files: string[] = []
    for (const name of names) {
      const relative = name.replaceAll('\\', '/')
      if ((await this.options.fs.stat(`${base}/${relative}`)).isFile()) files.push(directory === '' ? relative : `${directory}/${relative}`)
    }
    return files
  }

  async removeDirectory(directory: string): Promise<void> {
    try {
      await this.options.fs.rm(this.resolve(directory), { recursive: true, force: true })
    } catch (error) {
      throw this.failure('remove', directory, error)
    }
  }

  private resolve(path: string): string {
    // The installer checks bundle paths; this refusal keeps any other caller inside the root too.
    if (path.split('/').some((segment) => segment === '..') || path.startsWith('/')) {
      throw new StorageError(`The plugin path "${path}" leaves ${this.root}.`, { details: { path } })
    }
    return path === '' ? this.root : `${this.root}/${path}`
  }

  private failure(action: string, path: string, error: unknown): StorageError {
    const reason = describeError(error)
    return new StorageError(`Could not ${action} ${path} in ${this.root}: ${reason}`, { details: { path }, cause: error })
  }
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENOENT'
}
