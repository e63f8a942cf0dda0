/**
 * The sandbox port: the one way file and shell tools reach an execution environment, whether an
 * in-memory shell inside the tab or a Linux microVM. Every adapter passes the shared contract suite
 * in `sandbox-client.contract.ts`.
 */

/** Exit code of a command stopped by `timeoutMs`, as coreutils' `timeout` reports it. */
export const SANDBOX_TIMEOUT_EXIT_CODE = 124

/** Exit code of a command stopped by its abort signal (128 + SIGINT), as a shell reports Ctrl-C. */
export const SANDBOX_ABORTED_EXIT_CODE = 130

/** Options for one shell command. */
export interface ISandboxRunOptions {
  /** Working directory for this command only; defaults to the client's current directory, which a `cd` then moves. */
  cwd?: string
  /** Extra environment variables for this command only. */
  env?: Record<string, string>
  /** Text fed to the command's standard input. */
  stdin?: string
  /** Stop the command after this many milliseconds; the result then has exit code 124. */
  timeoutMs?: number
  /** Stop the command when aborted; the result then has exit code 130. */
  signal?: AbortSignal
}

/** @deprecated use `ISandboxRunOptions` */
export type TSandboxRunOptions = ISandboxRunOptions

/** What a finished command produced. A non-zero exit is a result, never a throw. */
export interface ISandboxRunResult {
  stdout: string
  stderr: string
  exitCode: number
}

/** @deprecated use `ISandboxRunResult` */
export type TSandboxRunResult = ISandboxRunResult

/** The kind of a filesystem entry. */
export type TSandboxEntryType = 'file' | 'directory' | 'symlink'

/** One entry of a directory listing. */
export type TSandboxDirEntry = {
  name: string
  type: TSandboxEntryType
}

/** Metadata of one filesystem entry. */
export type TSandboxFileStat = {
  type: TSandboxEntryType
  size: number
  mode: number
  mtimeMs: number
}

/** How `readFile` returns content: decoded UTF-8 text (default) or raw bytes. */
export type TSandboxReadOptions = { encoding?: 'utf8' | 'bytes' }

/** A port every sandbox adapter implements. Paths are absolute or relative to the client's cwd. */
export interface ISandboxClient {
  /** A short label for the adapter, such as `in-memory` or `e2b`. */
  readonly kind: string
  /**
   * Runs a shell command; a non-zero exit code is returned, not thrown. Without the `cwd` option,
   * the directory the command `cd`-ed into becomes the client's current directory, as in a terminal.
   */
  run(command: string, options?: ISandboxRunOptions): Promise<ISandboxRunResult>
  /** Reads a file as UTF-8 text. */
  readFile(path: string, options?: { encoding?: 'utf8' }): Promise<string>
  /** Reads a file as raw bytes. */
  readFile(path: string, options: { encoding: 'bytes' }): Promise<Uint8Array>
  /** Writes text or bytes, creating parent directories as needed. */
  writeFile(path: string, content: string | Uint8Array): Promise<void>
  /** Lists a directory, sorted by name. */
  readdir(path: string): Promise<TSandboxDirEntry[]>
  /** Describes one entry. */
  stat(path: string): Promise<TSandboxFileStat>
  /** Creates a directory (and its parents with `recursive`). */
  mkdir(path: string, options?: { recursive?: boolean }): Promise<void>
  /** Removes a file or (with `recursive`) a directory tree. */
  remove(path: string, options?: { recursive?: boolean }): Promise<void>
  /** Moves a file or directory. */
  rename(from: string, to: string): Promise<void>
  /** Adds variables every later command sees (a command's own `env` option still wins). */
  setEnvironment?(variables: Record<string, string>): Promise<void>
  /** Captures the whole filesystem as a portable, serializable value. */
  snapshot?(): Promise<unknown>
  /**
   * What a `snapshot()` costs: `local` (the default) a copy in memory, which a session takes after
   * each round whose tools may have written; `billed` a call to a cloud service, which a session
   * takes at most once per turn.
   */
  readonly snapshotCost?: 'local' | 'billed'
  /** Brings back a value that `snapshot()` produced. */
  restore?(snapshot: unknown): Promise<void>
  /** Releases what the client holds; later calls fail. */
  dispose?(): Promise<void>
}

/** Codes a sandbox failure carries, so callers branch on data rather than on messages. */
export type TSandboxErrorCode =
  | 'SANDBOX_NOT_FOUND'
  | 'SANDBOX_ALREADY_EXISTS'
  | 'SANDBOX_NOT_A_DIRECTORY'
  | 'SANDBOX_IS_A_DIRECTORY'
  | 'SANDBOX_NOT_EMPTY'
  | 'SANDBOX_INVALID_PATH'
  | 'SANDBOX_DISPOSED'
  | 'SANDBOX_INVALID_OPTIONS'
  | 'SANDBOX_ERROR'

/** A filesystem or lifecycle failure inside a sandbox, naming the path involved. */
export class SandboxError extends Error {
  override readonly name = 'SandboxError'
  readonly code: TSandboxErrorCode
  readonly path: string | undefined

  constructor(code: TSandboxErrorCode, message: string, options: { path?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.code = code
    this.path = options.path
  }

  /** Its name, code, path and message, for JSON logs (an `Error`'s message is not its own enumerable field). */
  toJSON(): Pick<SandboxError, 'name' | 'code' | 'path' | 'message'> {
    return { ...this, message: this.message }
  }
}

/** True for a `SandboxError`, including one rebuilt on the other side of a worker boundary. */
export function isSandboxError(value: unknown): value is SandboxError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'SandboxError' &&
    typeof (value as { code?: unknown }).code === 'string'
  )
}
