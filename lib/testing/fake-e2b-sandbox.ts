import type { SandboxConnectOpts, SandboxOpts, SnapshotInfo } from 'e2b'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import { FakeE2BCommands } from './fake-e2b-sandbox-commands.ts'
import { resolveFakeE2BPath } from './fake-e2b-sandbox-context.ts'
import type { TFakeE2BContext, TFakeE2BErrorClasses } from './fake-e2b-sandbox-context.ts'
import { FakeE2BFiles } from './fake-e2b-sandbox-files.ts'

/** Options for `new FakeE2BCloud(...)`. */
export type TFakeE2BCloudOptions = {
  /** The SDK's error classes: pass the `e2b` module object itself. */
  errors: TFakeE2BErrorClasses
  /**
   * Makes the shell and filesystem behind each new sandbox, e.g. `new InMemorySandboxClient({ cwd: '/home/user' })`.
   * It stands in for E2B's bash, so it needs `trap … EXIT`, which `E2BSandboxClient` relies on.
   */
  createShell: () => ISandboxClient
  /** Where commands start and relative paths resolve; E2B's default user's home, `/home/user`. */
  home?: string
  /** Template names `create` accepts besides snapshot ids; defaults to `['base']`. */
  templates?: string[]
}

/** One call the fake cloud received, for tests to check what the code under test asked for. */
export type TFakeE2BCloudRequest = {
  method: 'create' | 'connect'
  target: string
  options: SandboxOpts | SandboxConnectOpts | undefined
}

/**
 * A stand-in for E2B's API, with the static shape of the SDK's `Sandbox` class: `create(template,
 * options)` (a snapshot id restores that snapshot) and `connect(sandboxId, options)`. Every sandbox
 * is a `FakeE2BSandbox` over its own shell.
 */
export class FakeE2BCloud {
  readonly sandboxes: FakeE2BSandbox[] = []
  readonly requests: TFakeE2BCloudRequest[] = []
  private readonly snapshots = new Map<string, unknown>()
  private readonly templates: Set<string>

  constructor(private readonly options: TFakeE2BCloudOptions) {
    this.templates = new Set(options.templates ?? ['base'])
  }

  /** Creates a sandbox from a template or from a snapshot id that `createSnapshot()` returned. */
  async create(templateOrOptions?: string | SandboxOpts, sandboxOptions?: SandboxOpts): Promise<FakeE2BSandbox> {
    const template = typeof templateOrOptions === 'string' ? templateOrOptions : (templateOrOptions?.template ?? 'base')
    const options = typeof templateOrOptions === 'string' ? sandboxOptions : templateOrOptions
    this.requests.push({ method: 'create', target: template, options })
    const snapshot = this.snapshots.get(template)
    if (snapshot === undefined && !this.templates.has(template)) {
      throw new this.options.errors.NotFoundError(`404: template '${template}' not found`)
    }
    const shell = this.options.createShell()
    if (snapshot !== undefined) await shell.restore?.(snapshot)
    const sandbox = new FakeE2BSandbox(`fake-sandbox-${this.sandboxes.length + 1}`, shell, this, this.options)
    this.sandboxes.push(sandbox)
    return sandbox
  }

  /** Connects to a sandbox by id, resuming it when paused; a killed one is not found. */
  async connect(sandboxId: string, options?: SandboxConnectOpts): Promise<FakeE2BSandbox> {
    this.requests.push({ method: 'connect', target: sandboxId, options })
    const sandbox = this.sandboxes.find((candidate) => candidate.sandboxId === sandboxId)
    if (sandbox === undefined || sandbox.state === 'killed') {
      throw new this.options.errors.SandboxNotFoundError(`Sandbox ${sandboxId} not found`)
    }
    return sandbox.connect()
  }

  /** How many snapshots the cloud has taken (each `createSnapshot()` call is one, billed as one). */
  get snapshotCount(): number {
    return this.snapshots.size
  }

  /** Stores a sandbox's filesystem under a new snapshot id. */
  saveSnapshot(value: unknown): string {
    const id = `fake-snapshot-${this.snapshots.size + 1}`
    this.snapshots.set(id, value)
    return id
  }
}

/**
 * A fake E2B sandbox with the SDK's members and semantics: `commands.run` (throws
 * `CommandExitError` on a non-zero exit), `files.*`, `createSnapshot`, `pause`, `connect`, `kill`.
 * Paused or killed, it refuses every call as the real service does.
 */
export class FakeE2BSandbox {
  readonly commands: FakeE2BCommands
  readonly files: FakeE2BFiles
  state: 'running' | 'paused' | 'killed' = 'running'
  private readonly errors: TFakeE2BErrorClasses

  constructor(
    readonly sandboxId: string,
    private readonly backingShell: ISandboxClient,
    private readonly cloud: FakeE2BCloud,
    options: TFakeE2BCloudOptions
  ) {
    const home = options.home ?? '/home/user'
    this.errors = options.errors
    const context: TFakeE2BContext = {
      errors: options.errors,
      home,
      shell: () => this.runningShell(),
      resolve: (path) => resolveFakeE2BPath(home, path)
    }
    this.commands = new FakeE2BCommands(context)
    this.files = new FakeE2BFiles(context)
  }

  /** Saves the filesystem as a snapshot template; the sandbox keeps running. */
  async createSnapshot(): Promise<SnapshotInfo> {
    const value = await this.runningShell().snapshot?.()
    const snapshotId = this.cloud.saveSnapshot(value)
    return { snapshotId, names: [`fake/${snapshotId}:default`] }
  }

  /** Pauses the sandbox; calls fail until `connect()` resumes it. */
  async pause(): Promise<boolean> {
    this.runningShell()
    this.state = 'paused'
    return true
  }

  /** Resumes a paused sandbox (as the SDK's instance `connect` does). */
  async connect(): Promise<this> {
    if (this.state === 'killed') throw new this.errors.SandboxNotFoundError(`Sandbox ${this.sandboxId} not found`)
    this.state = 'running'
    return this
  }

  /** Kills the sandbox; `false` when it was already gone. */
  async kill(): Promise<boolean> {
    if (this.state === 'killed') return false
    this.state = 'killed'
    await this.backingShell.dispose?.()
    return true
  }

  /** True while it runs. */
  async isRunning(): Promise<boolean> {
    return this.state === 'running'
  }

  private runningShell(): ISandboxClient {
    if (this.state === 'killed') throw new this.errors.SandboxNotFoundError(`Sandbox ${this.sandboxId} not found`)
    if (this.state === 'paused') throw new this.errors.SandboxError(`Sandbox ${this.sandboxId} is paused`)
    return this.backingShell
  }
}
