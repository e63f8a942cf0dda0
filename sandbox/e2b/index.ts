/**
 * `robota/sandbox/e2b`: the sandbox port over E2B Linux microVMs. The `e2b` SDK is an optional
 * peer, imported only when a sandbox is created or restored, never by this entry itself.
 * `TE2BSandbox` and `TE2BSandboxClientOptions` are deprecated names of the `I…` types.
 */
export { createE2BSandboxClient } from './create-e2b-sandbox-client.ts'
export type { TCreateE2BSandboxClientOptions } from './create-e2b-sandbox-client.ts'
export { E2B_DEFAULT_COMMAND_TIMEOUT_MS, E2B_DEFAULT_CWD, E2BSandboxClient } from './e2b-sandbox-client.ts'
export type { IE2BSandboxClientOptions, TE2BSandboxClientOptions } from './e2b-sandbox-client.ts'
export type { TE2BSnapshotMode } from './e2b-sandbox-lifecycle.ts'
export type {
  IE2BSandboxAdapter,
  TE2BCommandHandle,
  TE2BCommands,
  TE2BConnectionOptions,
  TE2BFiles,
  TE2BSandbox,
  TE2BSandboxClass
} from './e2b-sandbox.ts'
