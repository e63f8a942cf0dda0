/**
 * `robota/sandbox`: the sandbox port, the in-memory adapter and the contract every adapter meets.
 * just-bash is not imported here; the in-memory client loads it on first use.
 */
export {
  SANDBOX_ABORTED_EXIT_CODE,
  SANDBOX_TIMEOUT_EXIT_CODE,
  SandboxError,
  isSandboxError
} from './sandbox-client.ts'
export type {
  ISandboxClient,
  TSandboxDirEntry,
  TSandboxEntryType,
  TSandboxErrorCode,
  TSandboxFileStat,
  TSandboxReadOptions,
  TSandboxRunOptions,
  TSandboxRunResult
} from './sandbox-client.ts'
export { InMemorySandboxClient } from './in-memory/in-memory-sandbox-client.ts'
export type { TInMemorySandboxClientOptions } from './in-memory/in-memory-sandbox-client.ts'
export type { TInMemoryExecutionLimits } from './in-memory/just-bash-runtime.ts'
export type {
  TInMemorySandboxSnapshot,
  TInMemorySnapshotDirectory,
  TInMemorySnapshotEntry,
  TInMemorySnapshotFile,
  TInMemorySnapshotSymlink
} from './in-memory/in-memory-snapshot.ts'
