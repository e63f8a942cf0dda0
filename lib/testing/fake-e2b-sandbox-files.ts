import type { EntryInfo, FileType, FilesystemReadOpts, WriteInfo } from 'e2b'
import { isSandboxError } from '../../sandbox/sandbox-client.ts'
import type { ISandboxClient, TSandboxFileStat } from '../../sandbox/sandbox-client.ts'
import type { TFakeE2BContext } from './fake-e2b-sandbox-context.ts'

/** What `files.write` takes as a file's content, as the SDK's `write` does. */
export type TFakeE2BWriteData = string | ArrayBuffer | Blob | ReadableStream
/** One file of a `files.write` call that writes several. */
export type TFakeE2BWriteEntry = { path: string; data: TFakeE2BWriteData }

/**
 * `sandbox.files` of the fake: the SDK's method names, options and lenient semantics (`write` and
 * `makeDir` create parents, `remove` deletes trees and ignores a missing path, `makeDir` answers
 * `false` for an existing directory) and its error classes, over the fake's shell filesystem.
 */
export class FakeE2BFiles {
  constructor(private readonly context: TFakeE2BContext) {}

  read(path: string, options?: FilesystemReadOpts & { format?: 'text' }): Promise<string>
  read(path: string, options: FilesystemReadOpts & { format: 'bytes' }): Promise<Uint8Array>
  read(path: string, options: FilesystemReadOpts & { format: 'blob' }): Promise<Blob>
  read(path: string, options: FilesystemReadOpts & { format: 'stream' }): Promise<ReadableStream<Uint8Array>>
  async read(path: string, options: { format?: string } = {}): Promise<string | Uint8Array | Blob | ReadableStream<Uint8Array>> {
    const bytes = await this.call(path, (shell, absolute) => shell.readFile(absolute, { encoding: 'bytes' }))
    if (options.format === 'bytes') return bytes
    if (options.format === 'blob') return new Blob([new Uint8Array(bytes).buffer])
    if (options.format === 'stream') return new Blob([new Uint8Array(bytes).buffer]).stream()
    return new TextDecoder().decode(bytes)
  }

  write(path: string, data: TFakeE2BWriteData): Promise<WriteInfo>
  write(files: TFakeE2BWriteEntry[]): Promise<WriteInfo[]>
  async write(pathOrFiles: string | TFakeE2BWriteEntry[], data?: TFakeE2BWriteData): Promise<WriteInfo | WriteInfo[]> {
    if (Array.isArray(pathOrFiles)) return Promise.all(pathOrFiles.map((file) => this.write(file.path, file.data)))
    const content = await toContent(data ?? '')
    await this.call(pathOrFiles, (shell, absolute) => shell.writeFile(absolute, content))
    const info = await this.getInfo(pathOrFiles)
    return { name: info.name, type: info.type, path: info.path }
  }

  async list(path: string, options: { depth?: number } = {}): Promise<EntryInfo[]> {
    const depth = options.depth ?? 1
    if (depth < 1) throw new this.context.errors.InvalidArgumentError('depth should be at least one')
    const absolute = this.context.resolve(path)
    const entries = await this.call(absolute, (shell) => shell.readdir(absolute))
    const infos: EntryInfo[] = []
    for (const entry of entries) {
      const child = `${absolute === '/' ? '' : absolute}/${entry.name}`
      infos.push(await this.getInfo(child))
      if (entry.type === 'directory' && depth > 1) infos.push(...(await this.list(child, { depth: depth - 1 })))
    }
    return infos
  }

  async makeDir(path: string): Promise<boolean> {
    const existing = await this.infoOrUndefined(path)
    if (existing !== undefined && String(existing.type) === 'dir') return false
    if (existing !== undefined) {
      throw new this.context.errors.InvalidArgumentError(`path '${path}' already exists but it is not a directory`)
    }
    await this.call(path, (shell, absolute) => shell.mkdir(absolute, { recursive: true }))
    return true
  }

  async remove(path: string): Promise<void> {
    // envd removes with os.RemoveAll: whole trees, and a missing path is no error.
    if ((await this.infoOrUndefined(path)) === undefined) return
    await this.call(path, (shell, absolute) => shell.remove(absolute, { recursive: true }))
  }

  async rename(oldPath: string, newPath: string): Promise<EntryInfo> {
    await this.getInfo(oldPath)
    const destination = this.context.resolve(newPath)
    const parent = destination.slice(0, destination.lastIndexOf('/')) || '/'
    await this.call(parent, (shell) => shell.mkdir(parent, { recursive: true }))
    await this.call(oldPath, (shell, absolute) => shell.rename(absolute, destination))
    return this.getInfo(destination)
  }

  async exists(path: string): Promise<boolean> {
    return (await this.infoOrUndefined(path)) !== undefined
  }

  async getInfo(path: string): Promise<EntryInfo> {
    const absolute = this.context.resolve(path)
    const stat = await this.call(absolute, (shell) => shell.stat(absolute))
    return toEntryInfo(absolute, stat)
  }

  private async infoOrUndefined(path: string): Promise<EntryInfo | undefined> {
    return this.getInfo(path).catch((error: unknown) => {
      if (error instanceof this.context.errors.FileNotFoundError) return undefined
      throw error
    })
  }

  // Runs one shell operation and rethrows its failure as the SDK's error class would arrive.
  private async call<TResult>(path: string, operation: (shell: ISandboxClient, absolute: string) => Promise<TResult>): Promise<TResult> {
    const shell = this.context.shell()
    const absolute = this.context.resolve(path)
    try {
      return await operation(shell, absolute)
    } catch (error) {
      const { errors } = this.context
      if (!isSandboxError(error)) throw error
      if (error.code === 'SANDBOX_NOT_FOUND') throw new errors.FileNotFoundError(`path '${absolute}' does not exist`)
      if (error.code === 'SANDBOX_IS_A_DIRECTORY') throw new errors.InvalidArgumentError(`path '${absolute}' is a directory`)
      if (error.code === 'SANDBOX_NOT_A_DIRECTORY') throw new errors.InvalidArgumentError(`path '${absolute}' is not a directory`)
      throw new errors.SandboxError(error.message)
    }
  }
}

function toEntryInfo(path: string, stat: TSandboxFileStat): EntryInfo {
  const type = (stat.type === 'directory' ? 'dir' : stat.type) as FileType
  const permissions = ['rwx', 'rwx', 'rwx']
    .flatMap((letters, group) => [...letters].map((letter, bit) => ((stat.mode >> (8 - group * 3 - bit)) & 1 ? letter : '-')))
    .join('')
  return {
    name: path.slice(path.lastIndexOf('/') + 1),
    type,
    path,
    size: stat.size,
    mode: stat.mode & 0o777,
    permissions,
    owner: 'user',
    group: 'user',
    modifiedTime: new Date(stat.mtimeMs)
  }
}

async function toContent(data: TFakeE2BWriteData): Promise<string | Uint8Array> {
  if (typeof data === 'string') return data
  if (data instanceof ArrayBuffer) return new Uint8Array(data.slice(0))
  if (data instanceof Blob) return new Uint8Array(await data.arrayBuffer())
  return new Uint8Array(await new Response(data).arrayBuffer())
}
