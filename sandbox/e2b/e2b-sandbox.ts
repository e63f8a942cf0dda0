import type {
  CommandHandle,
  CommandStartOpts,
  FilesystemReadOpts,
  Sandbox,
  SandboxConnectOpts,
  SandboxOpts,
  WriteInfo
} from 'e2b'

// Every type here is cut from the SDK's own declarations, so a change of shape in `e2b` breaks the
// type-level test in e2b-sandbox-client.test.ts instead of failing at run time. Only the members the
// adapter calls are picked: CommandHandle and Filesystem have private fields, which would make any
// stand-in (a fake, a proxy) unassignable to the full classes.

/** The running command the adapter drives: wait for it, feed its stdin, kill it. */
export type TE2BCommandHandle = Pick<CommandHandle, 'pid' | 'wait' | 'kill' | 'sendStdin' | 'closeStdin'>

/** The part of `sandbox.commands` the adapter uses: background starts only, so a command can be killed. */
export type TE2BCommands = {
  run(command: string, options: CommandStartOpts & { background: true }): Promise<TE2BCommandHandle>
}

/** The part of `sandbox.files` the adapter uses. */
export type TE2BFiles = {
  read(path: string, options?: FilesystemReadOpts & { format?: 'text' }): Promise<string>
  read(path: string, options: FilesystemReadOpts & { format: 'bytes' }): Promise<Uint8Array>
  write(path: string, data: string | ArrayBuffer): Promise<WriteInfo>
  list: Sandbox['files']['list']
  makeDir: Sandbox['files']['makeDir']
  remove: Sandbox['files']['remove']
  rename: Sandbox['files']['rename']
  getInfo: Sandbox['files']['getInfo']
  exists: Sandbox['files']['exists']
}

/** An E2B sandbox as the adapter sees it: the SDK's `Sandbox`, or a stand-in with the same members. */
export interface IE2BSandboxAdapter {
  readonly sandboxId: string
  readonly commands: TE2BCommands
  readonly files: TE2BFiles
  createSnapshot: Sandbox['createSnapshot']
  pause: Sandbox['pause']
  /** Resumes a paused sandbox (the SDK's instance `connect`). */
  connect(options?: SandboxConnectOpts): Promise<unknown>
  kill: Sandbox['kill']
}

/** @deprecated use `IE2BSandboxAdapter` */
export type TE2BSandbox = IE2BSandboxAdapter

/** The static side of the SDK's `Sandbox` class that creates and reconnects sandboxes. */
export type TE2BSandboxClass = {
  create(template: string, options?: SandboxOpts): Promise<IE2BSandboxAdapter>
  create(options?: SandboxOpts): Promise<IE2BSandboxAdapter>
  connect(sandboxId: string, options?: SandboxConnectOpts): Promise<IE2BSandboxAdapter>
}

/** Where and as whom to reach E2B: passed to every `Sandbox.create` and `Sandbox.connect`. */
export type TE2BConnectionOptions = Pick<SandboxOpts, 'apiKey' | 'apiUrl' | 'sandboxUrl' | 'domain' | 'requestTimeoutMs'> & {
  /** How long the sandbox lives without activity, in milliseconds (E2B's sandbox `timeoutMs`). */
  timeoutMs?: number
}
