import { SandboxError } from '../sandbox-client.ts'
import type {
  ISandboxClient,
  TSandboxDirEntry,
  TSandboxFileStat,
  TSandboxReadOptions,
  ISandboxRunOptions,
  ISandboxRunResult
} from '../sandbox-client.ts'
import { assertRunArguments } from '../assert-run-options.ts'
import { DEFAULT_MAX_OUTPUT_BYTES } from '../in-memory/output-limit.ts'
import { resolveCwdOption, resolveSandboxPath } from '../in-memory/sandbox-path.ts'
import { E2BChangeTracker } from './e2b-change-tracker.ts'
import { runE2BCommand } from './e2b-command.ts'
import * as fileOperations from './e2b-file-operations.ts'
import { E2BSandboxLifecycle } from './e2b-sandbox-lifecycle.ts'
import { createDirectoryMarker } from './e2b-working-directory.ts'
import type { TE2BSnapshotMode } from './e2b-sandbox-lifecycle.ts'
import type { TE2BConnectionOptions, TE2BFiles, IE2BSandboxAdapter, TE2BSandboxClass } from './e2b-sandbox.ts'

/** The working directory of E2B's default user, where its commands start. */
export const E2B_DEFAULT_CWD = '/home/user'

/** E2B's own default deadline for one command, in milliseconds. */
export const E2B_DEFAULT_COMMAND_TIMEOUT_MS = 60_000

/** Options for `new E2BSandboxClient(sandbox, options)`. */
export interface IE2BSandboxClientOptions {
  /** The directory relative paths and commands start from. Defaults to `/home/user`. */
  cwd?: string
  /** Cap on each of stdout and stderr per command; defaults to 1 MiB. */
  maxOutputBytes?: number
  /** Deadline for a command run without `timeoutMs`; defaults to E2B's 60 s, `0` for none. */
  commandTimeoutMs?: number
  /** `snapshot` (default): `createSnapshot()`, the sandbox keeps running. `pause`: pause it and keep its id. */
  snapshotMode?: TE2BSnapshotMode
  /** The SDK's `Sandbox` class (or a stand-in) for `restore`; loaded from `e2b` on demand when left out. */
  sandboxClass?: TE2BSandboxClass
  /** Passed to `Sandbox.create` / `Sandbox.connect` when restoring. */
  connection?: TE2BConnectionOptions
}

/** @deprecated use `IE2BSandboxClientOptions` */
export type TE2BSandboxClientOptions = IE2BSandboxClientOptions

/**
 * A sandbox in an E2B Linux microVM, over the `e2b` SDK. Commands run in `bash -l -c` from the
 * client's `cwd`, and a `cd` carries over to later commands as in a terminal (a per-command `cwd`
 * option does not move it); a non-zero exit comes back as a result, as the port requires, not as
 * the SDK's `CommandExitError`. The filesystem is held to POSIX rules the SDK itself relaxes.
 */
export class E2BSandboxClient implements ISandboxClient {
  readonly kind = 'e2b'
  /** Each snapshot is a `createSnapshot()` call to E2B's cloud. */
  readonly snapshotCost = 'billed'
  private directory: string
  private readonly directoryMarker = createDirectoryMarker()
  private readonly maxOutputBytes: number
  private readonly commandTimeoutMs: number
  private readonly lifecycle: E2BSandboxLifecycle
  private environment: Record<string, string> = {}
  private readonly snapshotMode: TE2BSnapshotMode
  // A turn may ask for a snapshot more than once (after its tools, after its hooks): when nothing
  // changed in between, the last id still holds and the cloud is not asked again.
  private readonly changes = new E2BChangeTracker()

  /** @throws SandboxError naming `cwd` when it is no string (`SANDBOX_INVALID_OPTIONS`) or is empty (`SANDBOX_INVALID_PATH`). */
  constructor(sandbox: IE2BSandboxAdapter, options: IE2BSandboxClientOptions = {}) {
    this.directory = resolveCwdOption('new E2BSandboxClient(sandbox, options): ', options.cwd, E2B_DEFAULT_CWD)
    this.maxOutputBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES
    this.commandTimeoutMs = options.commandTimeoutMs ?? E2B_DEFAULT_COMMAND_TIMEOUT_MS
    this.snapshotMode = options.snapshotMode ?? 'snapshot'
    this.lifecycle = new E2BSandboxLifecycle(sandbox, {
      snapshotMode: this.snapshotMode,
      sandboxClass: options.sandboxClass,
      connection: options.connection ?? {}
    })
  }

  /** The directory relative paths resolve against and commands start in; `cd` in a command moves it. */
  get cwd(): string {
    return this.directory
  }

  /** The id of the E2B sandbox behind the client now (it changes on `restore`). */
  get sandboxId(): string {
    return this.lifecycle.current.sandboxId
  }

  async run(command: string, options: ISandboxRunOptions = {}): Promise<ISandboxRunResult> {
    assertRunArguments(command, options)
    return this.changes.changing(() => this.runCommand(command, options))
  }

  private async runCommand(command: string, options: ISandboxRunOptions): Promise<ISandboxRunResult> {
    const sandbox = await this.lifecycle.ready()
    const followsDirectory = options.cwd === undefined
    const cwd = options.cwd === undefined ? this.directory : this.resolve(options.cwd, 'run(command, options): cwd')
    const env = Object.keys(this.environment).length === 0 ? options.env : { ...this.environment, ...options.env }
    const { result, finalDirectory } = await runE2BCommand(sandbox.commands, command, { ...options, env }, {
      cwd,
      maxOutputBytes: this.maxOutputBytes,
      defaultTimeoutMs: this.commandTimeoutMs,
      ...(followsDirectory ? { directoryMarker: this.directoryMarker } : {})
    })
    if (finalDirectory !== undefined) this.directory = finalDirectory
    return result
  }

  readFile(path: string, options?: { encoding?: 'utf8' }): Promise<string>
  readFile(path: string, options: { encoding: 'bytes' }): Promise<Uint8Array>
  async readFile(path: string, options: TSandboxReadOptions = {}): Promise<string | Uint8Array> {
    return fileOperations.readE2BFile(await this.files(), this.resolve(path, 'readFile(path)'), options.encoding === 'bytes')
  }

  async writeFile(path: string, content: string | Uint8Array): Promise<void> {
    await this.changes.changing(async () => fileOperations.writeE2BFile(await this.files(), this.resolve(path, 'writeFile(path, content)'), content))
  }

  async readdir(path: string): Promise<TSandboxDirEntry[]> {
    return fileOperations.listE2BDirectory(await this.files(), this.resolve(path, 'readdir(path)'))
  }

  async stat(path: string): Promise<TSandboxFileStat> {
    return fileOperations.statE2BEntry(await this.files(), this.resolve(path, 'stat(path)'))
  }

  async mkdir(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    await this.changes.changing(async () => fileOperations.makeE2BDirectory(await this.files(), this.resolve(path, 'mkdir(path)'), options.recursive === true))
  }

  async remove(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    await this.changes.changing(async () => fileOperations.removeE2BEntry(await this.files(), this.resolve(path, 'remove(path)'), options.recursive === true))
  }

  async rename(from: string, to: string): Promise<void> {
    await this.changes.changing(async () => fileOperations.renameE2BEntry(await this.files(), this.resolve(from, 'rename(from, to): from'), this.resolve(to, 'rename(from, to): to')))
  }

  /** Adds variables every later command sees; a command's own `env` option still wins. */
  async setEnvironment(variables: Record<string, string>): Promise<void> {
    await this.lifecycle.ready()
    this.environment = { ...this.environment, ...variables }
  }

  /**
   * A snapshot id (`createSnapshot()`), or in `pause` mode the paused sandbox's id. In `snapshot`
   * mode, when no command or write ran since the last snapshot or restore, that one's id is given
   * back without asking the cloud again.
   */
  async snapshot(): Promise<string> {
    if (this.snapshotMode !== 'snapshot') return this.lifecycle.snapshot()
    const unchanged = this.changes.unchangedSnapshot()
    if (unchanged !== undefined) return unchanged
    const mark = this.changes.mark
    const id = await this.lifecycle.snapshot()
    this.changes.remember(id, mark)
    return id
  }

  /** Replaces the sandbox with one made from a snapshot id (or reconnects a paused one), killing the old. */
  async restore(snapshot: unknown): Promise<void> {
    if (typeof snapshot !== 'string' || snapshot.length === 0) {
      throw new SandboxError('SANDBOX_ERROR', `An E2B snapshot is a non-empty id string, got ${JSON.stringify(snapshot)}`)
    }
    const mark = this.changes.mark
    await this.lifecycle.restore(snapshot)
    if (this.snapshotMode === 'snapshot') this.changes.remember(snapshot, mark)
  }

  /** Kills the sandbox; every later call rejects with SANDBOX_DISPOSED. */
  async dispose(): Promise<void> {
    await this.lifecycle.dispose()
  }

  private async files(): Promise<TE2BFiles> {
    return (await this.lifecycle.ready()).files
  }

  // `where` names the call the caller wrote, so a refusal reads `readFile(path): the path is empty.`
  private resolve(path: string, where: string): string {
    return resolveSandboxPath(this.directory, path, where)
  }
}
