import { SandboxError } from '../sandbox-client.ts'
import { isE2BNotFound } from './e2b-error.ts'
import type { TE2BConnectionOptions, IE2BSandboxAdapter, TE2BSandboxClass } from './e2b-sandbox.ts'

/** How `snapshot()` keeps a sandbox: a snapshot template (it keeps running) or the paused sandbox itself. */
export type TE2BSnapshotMode = 'snapshot' | 'pause'

/** What the lifecycle needs to snapshot, restore and reconnect. */
export type TE2BLifecycleSettings = {
  snapshotMode: TE2BSnapshotMode
  sandboxClass: TE2BSandboxClass | undefined
  connection: TE2BConnectionOptions
}

/** Imports the SDK's `Sandbox` class; kept behind a function so bundlers split `e2b` into its own chunk. */
export async function loadE2BSandboxClass(): Promise<TE2BSandboxClass> {
  try {
    const module = await import('e2b')
    return module.Sandbox
  } catch (error) {
    throw new SandboxError('SANDBOX_ERROR', 'Could not load the e2b package; install it with `npm install e2b`', {
      cause: error
    })
  }
}

/**
 * Owns which E2B sandbox a client talks to: swaps it on restore, resumes it on the first call after
 * a pause, and kills it on dispose, after which every call fails with SANDBOX_DISPOSED.
 */
export class E2BSandboxLifecycle {
  private sandbox: IE2BSandboxAdapter
  private paused = false
  private resuming: Promise<void> | undefined
  private disposed = false

  constructor(
    sandbox: IE2BSandboxAdapter,
    private readonly settings: TE2BLifecycleSettings
  ) {
    this.sandbox = sandbox
  }

  /** The sandbox in use now, paused or not. */
  get current(): IE2BSandboxAdapter {
    return this.sandbox
  }

  /** The sandbox, resumed first if `snapshot()` paused it. */
  async ready(): Promise<IE2BSandboxAdapter> {
    this.assertNotDisposed()
    if (this.paused) {
      const sandbox = this.sandbox
      // The SDK's instance `connect` resumes a paused sandbox; concurrent calls share one resume.
      this.resuming ??= sandbox.connect(this.timeoutOption()).then(
        () => {
          if (this.sandbox === sandbox) this.paused = false
          this.resuming = undefined
        },
        (error: unknown) => {
          this.resuming = undefined
          throw this.lifecycleError('resume', sandbox.sandboxId, error)
        }
      )
      await this.resuming
      this.assertNotDisposed()
    }
    return this.sandbox
  }

  /** Captures the sandbox as an id that `restore` accepts. */
  async snapshot(): Promise<string> {
    const sandbox = await this.ready()
    try {
      if (this.settings.snapshotMode === 'snapshot') return (await sandbox.createSnapshot()).snapshotId
      await sandbox.pause()
    } catch (error) {
      throw this.lifecycleError('snapshot', sandbox.sandboxId, error)
    }
    this.paused = true
    return sandbox.sandboxId
  }

  /** Switches to a sandbox made from `id` and kills the one it replaces. */
  async restore(id: string): Promise<void> {
    this.assertNotDisposed()
    const sandboxClass = this.settings.sandboxClass ?? (await loadE2BSandboxClass())
    const options = { ...this.settings.connection }
    let next: IE2BSandboxAdapter
    try {
      next =
        this.settings.snapshotMode === 'snapshot'
          ? await sandboxClass.create(id, options)
          : await sandboxClass.connect(id, options)
    } catch (error) {
      throw this.lifecycleError('restore', id, error)
    }
    const previous = this.sandbox
    this.sandbox = next
    this.paused = false
    if (previous.sandboxId !== next.sandboxId) await previous.kill().catch(() => false)
  }

  /** Kills the sandbox once; later calls fail with SANDBOX_DISPOSED. */
  async dispose(): Promise<void> {
    if (this.disposed) return
    this.disposed = true
    try {
      await this.sandbox.kill()
    } catch (error) {
      throw this.lifecycleError('dispose', this.sandbox.sandboxId, error)
    }
  }

  private timeoutOption(): { timeoutMs?: number } {
    const timeoutMs = this.settings.connection.timeoutMs
    return timeoutMs === undefined ? {} : { timeoutMs }
  }

  private lifecycleError(operation: string, id: string, error: unknown): SandboxError {
    const reason = error instanceof Error ? error.message : String(error)
    const code = isE2BNotFound(error) ? 'SANDBOX_NOT_FOUND' : 'SANDBOX_ERROR'
    return new SandboxError(code, `${operation} E2B sandbox '${id}': ${reason}`, { path: id, cause: error })
  }

  private assertNotDisposed(): void {
    if (this.disposed) throw new SandboxError('SANDBOX_DISPOSED', 'The E2B sandbox has been disposed')
  }
}
