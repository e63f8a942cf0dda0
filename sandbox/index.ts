/**
 * `robota/sandbox`: the sandbox port, the in-memory adapter, the contract every adapter meets, and
 * workspace manifests that hydrate any client.
 * just-bash and isomorphic-git are not imported here; they load on first use. `TSandboxRunOptions`,
 * `TSandboxRunResult` and `TInMemorySandboxClientOptions` are deprecated names of the `I…` types.
 */
export {
  SANDBOX_ABORTED_EXIT_CODE,
  SANDBOX_TIMEOUT_EXIT_CODE,
  SandboxError,
  isSandboxError
} from './sandbox-client.ts'
export type {
  ISandboxClient,
  ISandboxRunOptions,
  ISandboxRunResult,
  TSandboxDirEntry,
  TSandboxEntryType,
  TSandboxErrorCode,
  TSandboxFileStat,
  TSandboxReadOptions,
  TSandboxRunOptions,
  TSandboxRunResult
} from './sandbox-client.ts'
export { InMemorySandboxClient } from './in-memory/in-memory-sandbox-client.ts'
export type { IInMemorySandboxClientOptions, TInMemorySandboxClientOptions } from './in-memory/in-memory-sandbox-client.ts'
export type { TInMemoryExecutionLimits } from './in-memory/just-bash-runtime.ts'
export { HOST_INSTRUMENTATION_VIOLATION_TYPES } from './in-memory/defense-in-depth.ts'
export type { TInMemoryDefenseInDepth } from './in-memory/defense-in-depth.ts'
export type {
  TInMemorySandboxSnapshot,
  TInMemorySnapshotDirectory,
  TInMemorySnapshotEntry,
  TInMemorySnapshotFile,
  TInMemorySnapshotSymlink
} from './in-memory/in-memory-snapshot.ts'
export { applyWorkspaceManifest } from './workspace/apply-workspace-manifest.ts'
export { planWorkspaceManifest } from './workspace/plan-workspace-manifest.ts'
export type { TWorkspaceManifestPlan, TWorkspaceManifestStep } from './workspace/plan-workspace-manifest.ts'
export { WORKSPACE_MOUNT_TYPES } from './workspace/workspace-manifest-entry-problems.ts'
export { WorkspaceManifestError, isWorkspaceManifestError } from './workspace/workspace-manifest-error.ts'
export type { TWorkspaceManifestErrorCode } from './workspace/workspace-manifest-error.ts'
export {
  DEFAULT_WORKSPACE_TARGET_ROOT,
  describeWorkspaceManifestPathProblem,
  validateWorkspaceManifestPath
} from './workspace/workspace-manifest-path.ts'
export type {
  IWorkspaceManifest,
  IWorkspaceManifestAppliedEntry,
  IWorkspaceManifestApplyOptions,
  IWorkspaceManifestApplyResult,
  TWorkspaceAzureBlobMountEntry,
  TWorkspaceDirEntry,
  TWorkspaceFileEntry,
  TWorkspaceGcsMountEntry,
  TWorkspaceGitRepoEntry,
  TWorkspaceManifestEntry,
  TWorkspaceManifestPermissions,
  TWorkspaceMountEntry,
  TWorkspaceR2MountEntry,
  TWorkspaceS3MountEntry,
  TWorkspaceUrlEntry
} from './workspace/workspace-manifest.ts'
