import { SandboxError } from '../sandbox-client.ts'
import { describeSandboxValue, invalidSandboxOptions } from '../assert-known-sandbox-options.ts'
import { assertInMemorySandboxOptions } from './assert-in-memory-sandbox-options.ts'
import type {
  ISandboxClient,
  TSandboxDirEntry,
  TSandboxFileStat,
  TSandboxReadOptions,
  ISandboxRunOptions,
  ISandboxRunResult
} from '../sandbox-client.ts'
import { DEFAULT_DEFENSE_IN_DEPTH } from './defense-in-depth.ts'
import type { TInMemoryDefenseInDepth } from './defense-in-depth.ts'
import * as fileOperations from './in-memory-file-operations.ts'
import type { TInMemorySandboxSnapshot } from './in-memory-snapshot.ts'
import { createBash, createSeededFilesystem, loadShellModules } from './just-bash-runtime.ts'
import type { TBashSettings, TInMemoryExecutionLimits, TJustBashRuntime } from './just-bash-runtime.ts'
import { DEFAULT_MAX_OUTPUT_BYTES } from './output-limit.ts'
import { isNormalizedSandboxPath, resolveSandboxPath } from './sandbox-path.ts'

/** Options for `new InMemorySandboxClient(...)`. */
export interface IInMemorySandboxClientOptions {
  /** Files to seed, by path; relative keys are resolved against `cwd`. */
  files?: Record<string, string | Uint8Array>
  /** The starting directory, created if missing. Defaults to `/workspace`. */
  cwd?: string
  /** Environment variables every command sees. */
  env?: Record<string, string>
  /** just-bash's limits on loops, command count, wall time and output size. */
  executionLimits?: TInMemoryExecutionLimits
  /** URL prefixes `curl` may reach. Without it, commands have no network at all. */
  allowedUrlPrefixes?: string[]
  /** Cap on each of stdout and stderr per command; defaults to 1 MiB. */
  maxOutputBytes?: number
  /**
   * just-bash's defense-in-depth, which blocks dangerous globals while a command runs (in Node; a
   * browser build has no async context to scope it to). Defaults to all of it except
   * `HOST_INSTRUMENTATION_VIOLATION_TYPES`, what hosts' async hooks touch (an async hook that throws
   * ends the process). just-bash holds one setting per process: give every shell an equal one.
   */
  defenseInDepth?: TInMemoryDefenseInDepth
}

/** @deprecated use `IInMemorySandboxClientOptions` */
export type TInMemorySandboxClientOptions = IInMemorySandboxClientOptions

const textDecoder = new TextDecoder()

/**
 * A sandbox that lives entirely in memory, in the tab, the worker or Node: a bash interpreter
 * (just-bash, loaded on first use) over an in-memory filesystem. `cd` carries over between `run`
 * calls the way it does in a terminal; a per-command `cwd` option does not move it.
 */
export class InMemorySandboxClient implements ISandboxClient {
  readonly kind = 'in-memory'
  private currentDirectory: string
  private readonly seedFiles: Map<string, string | Uint8Array>
  private readonly settings: TBashSettings
  private readonly maxOutputBytes: number
  private runtime: Promise<TJustBashRuntime> | undefined
  private loaded = false
  private disposed = false
  private environment: Record<string, string> = {}

  /** @throws SandboxError `SANDBOX_INVALID_OPTIONS` naming an unknown option, a value of the wrong type or seed files of the wrong shape. */
  constructor(options: IInMemorySandboxClientOptions = {}) {
    assertInMemorySandboxOptions(options)
    // The check above has refused a cwd this could not resolve.
    this.currentDirectory = resolveSandboxPath('/', options.cwd ?? '/workspace')
    this.seedFiles = new Map(
      Object.entries(options.files ?? {}).map(([path, content]) => [
        resolveSandboxPath(this.currentDirectory, path),
        typeof content === 'string' ? content : content.slice()
      ])
    )
    this.settings = {
      env: options.env === undefined ? undefined : { ...options.env },
      executionLimits: options.executionLimits,
      allowedUrlPrefixes: options.allowedUrlPrefixes === undefined ? undefined : [...options.allowedUrlPrefixes],
      defenseInDepth: options.defenseInDepth ?? DEFAULT_DEFENSE_IN_DEPTH
    }
    this.maxOutputBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES
  }

  /**
   * Starts loading what a client's first use loads (just-bash, about 1.25 MB, and the `git`
   * builtin), shared by every client in this realm, so a later first command does not wait for it.
   * An app calls it once its page has settled; the agent worker does after its first session opens.
   * @returns Settles when the code is loaded. @throws SandboxError when it could not be loaded.
   */
  static async preload(): Promise<void> {
    await Promise.all([loadShellModules(), import('./in-memory-command.ts')]).catch((error: unknown) => {
      throw shellLoadError(error)
    })
  }

  /** The directory relative paths resolve against; `cd` in a command moves it. */
  get cwd(): string {
    return this.currentDirectory
  }

  /** True once just-bash has been imported and the filesystem built; constructing does neither. */
  get isLoaded(): boolean {
    return this.loaded
  }

  async run(command: string, options: ISandboxRunOptions = {}): Promise<ISandboxRunResult> {
    // The command runner and the checks of its arguments load with the first command, not at startup.
    const commands: typeof import('./in-memory-command.ts') = await import('./in-memory-command.ts')
    commands.assertRunArguments(command, options)
    const { runCommand } = commands
    const runtime = await this.load()
    const cwd = options.cwd === undefined ? this.currentDirectory : this.resolve(options.cwd, 'run(command, options): cwd')
    if (options.cwd !== undefined) await fileOperations.assertWorkingDirectory(runtime.fs, cwd)
    const env = Object.keys(this.environment).length === 0 ? options.env : { ...this.environment, ...options.env }
    const { result, finalDirectory } = await runCommand(command, { ...options, env }, {
      runtime,
      settings: this.settings,
      cwd,
      maxOutputBytes: this.maxOutputBytes
    })
    if (options.cwd === undefined) await this.followDirectoryChange(runtime, finalDirectory)
    return result
  }

  readFile(path: string, options?: { encoding?: 'utf8' }): Promise<string>
  readFile(path: string, options: { encoding: 'bytes' }): Promise<Uint8Array>
  async readFile(path: string, options: TSandboxReadOptions = {}): Promise<string | Uint8Array> {
    const { encoding } = options
    // Any other name (`latin1`) would still come back as UTF-8 text.
    if (encoding !== undefined && encoding !== 'utf8' && encoding !== 'bytes') throw invalidSandboxOptions(`readFile(path, options): encoding must be "utf8" or "bytes"; got ${JSON.stringify(encoding)}.`)
    const { fs } = await this.load()
    const bytes = await fileOperations.readFileBytes(fs, this.resolve(path, 'readFile(path)'))
    return options.encoding === 'bytes' ? bytes : textDecoder.decode(bytes)
  }

  async writeFile(path: string, content: string | Uint8Array): Promise<void> {
    if (typeof content !== 'string' && !(content instanceof Uint8Array)) {
      throw invalidSandboxOptions(`writeFile(path, content): content must be a string or a Uint8Array; got ${describeSandboxValue(content)}.`)
    }
    const { fs } = await this.load()
    await fileOperations.writeFileContent(fs, this.resolve(path, 'writeFile(path, content)'), content)
  }

  async readdir(path: string): Promise<TSandboxDirEntry[]> {
    const { fs } = await this.load()
    return fileOperations.listDirectory(fs, this.resolve(path, 'readdir(path)'))
  }

  async stat(path: string): Promise<TSandboxFileStat> {
    const { fs } = await this.load()
    return fileOperations.statEntry(fs, this.resolve(path, 'stat(path)'))
  }

  async mkdir(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    const { fs } = await this.load()
    await fileOperations.makeDirectory(fs, this.resolve(path, 'mkdir(path)'), options.recursive === true)
  }

  async remove(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    const { fs } = await this.load()
    await fileOperations.removeEntry(fs, this.resolve(path, 'remove(path)'), options.recursive === true)
  }

  async rename(from: string, to: string): Promise<void> {
    const { fs } = await this.load()
    await fileOperations.renameEntry(fs, this.resolve(from, 'rename(from, to): from'), this.resolve(to, 'rename(from, to): to'))
  }

  /** Adds variables every later command sees; a command's own `env` option still wins. */
  async setEnvironment(variables: Record<string, string>): Promise<void> {
    this.assertNotDisposed()
    this.environment = { ...this.environment, ...variables }
  }

  /** Captures every file (text or base64), directory, link, mode and time, plus the current directory. */
  async snapshot(): Promise<TInMemorySandboxSnapshot> {
    // The snapshot code loads beside the shell, which a snapshot needs anyway: not at startup.
    const [{ fs }, { captureSnapshot }] = await Promise.all([this.load(), import('./in-memory-snapshot.ts')])
    return captureSnapshot(fs, this.currentDirectory)
  }

  /** Replaces the whole filesystem with a snapshot's; a malformed one throws and changes nothing. */
  async restore(snapshot: unknown): Promise<void> {
    const [{ parseInMemorySnapshot }, { buildFilesystemFromSnapshot }] = await Promise.all([import('./snapshot-validation.ts'), import('./in-memory-snapshot.ts')])
    const parsed = parseInMemorySnapshot(snapshot)
    const { modules } = await this.load()
    const fs = await buildFilesystemFromSnapshot(() => new modules.justBash.InMemoryFs(), parsed)
    this.assertNotDisposed()
    const bash = createBash(modules, fs, parsed.cwd, this.settings)
    this.runtime = Promise.resolve({ modules, fs, bash })
    this.currentDirectory = parsed.cwd
  }

  /** Drops the filesystem and shell; every later call rejects with SANDBOX_DISPOSED. */
  async dispose(): Promise<void> {
    this.disposed = true
    this.runtime = undefined
  }

  private async load(): Promise<TJustBashRuntime> {
    this.assertNotDisposed()
    // Memoized, so concurrent first calls share one module, one filesystem and one shell.
    this.runtime ??= loadShellModules().then(
      (modules) => {
        const fs = createSeededFilesystem(modules.justBash, this.seedFiles)
        const bash = createBash(modules, fs, this.currentDirectory, this.settings)
        this.loaded = true
        return { modules, fs, bash }
      },
      (error: unknown) => {
        this.runtime = undefined
        throw shellLoadError(error)
      }
    )
    const runtime = await this.runtime
    this.assertNotDisposed()
    return runtime
  }

  // `where` names the call the caller wrote, so a refusal reads `readFile(path): the path is empty.`
  private resolve(path: string, where: string): string {
    return resolveSandboxPath(this.currentDirectory, path, where)
  }

  // Each exec is a fresh shell, but its final PWD comes back in the result's env: adopting it makes
  // `cd` persist. A PWD assigned by hand that names no directory is ignored.
  private async followDirectoryChange(runtime: TJustBashRuntime, directory: string | undefined): Promise<void> {
    if (directory === undefined || directory === this.currentDirectory || !isNormalizedSandboxPath(directory)) return
    const stat = await runtime.fs.stat(directory).catch(() => undefined)
    if (stat?.isDirectory) this.currentDirectory = directory
  }

  private assertNotDisposed(): void {
    if (this.disposed) throw new SandboxError('SANDBOX_DISPOSED', 'The in-memory sandbox has been disposed')
  }
}

function shellLoadError(cause: unknown): SandboxError {
  return new SandboxError('SANDBOX_ERROR', 'Could not load just-bash for the in-memory sandbox', { cause })
}
