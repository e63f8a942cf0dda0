import { SandboxError } from '../../../sandbox/sandbox-client.ts'
import type {
  ISandboxClient,
  TSandboxDirEntry,
  TSandboxFileStat,
  TSandboxReadOptions,
  ISandboxRunOptions,
  ISandboxRunResult
} from '../../../sandbox/sandbox-client.ts'

/** Which operation of a `FailingSandbox` breaks. */
export type TInjectedFailure = 'writeFile' | 'rename'

/**
 * A sandbox that passes everything to a real one except one operation, which fails the way a
 * full disk would: `writeFile` writes half of the content and then throws; `rename` throws.
 */
export class FailingSandbox implements ISandboxClient {
  readonly kind: string

  constructor(
    private readonly inner: ISandboxClient,
    private readonly failure: TInjectedFailure
  ) {
    this.kind = `failing-${inner.kind}`
  }

  run(command: string, options?: ISandboxRunOptions): Promise<ISandboxRunResult> {
    return this.inner.run(command, options)
  }

  readFile(path: string, options?: { encoding?: 'utf8' }): Promise<string>
  readFile(path: string, options: { encoding: 'bytes' }): Promise<Uint8Array>
  readFile(path: string, options: TSandboxReadOptions = {}): Promise<string | Uint8Array> {
    return options.encoding === 'bytes' ? this.inner.readFile(path, { encoding: 'bytes' }) : this.inner.readFile(path)
  }

  async writeFile(path: string, content: string | Uint8Array): Promise<void> {
    if (this.failure !== 'writeFile') return this.inner.writeFile(path, content)
    await this.inner.writeFile(path, content.slice(0, Math.floor(content.length / 2)))
    throw new SandboxError('SANDBOX_ERROR', `writeFile '${path}': no space left on device`, { path })
  }

  readdir(path: string): Promise<TSandboxDirEntry[]> {
    return this.inner.readdir(path)
  }

  stat(path: string): Promise<TSandboxFileStat> {
    return this.inner.stat(path)
  }

  mkdir(path: string, options?: { recursive?: boolean }): Promise<void> {
    return this.inner.mkdir(path, options)
  }

  remove(path: string, options?: { recursive?: boolean }): Promise<void> {
    return this.inner.remove(path, options)
  }

  async rename(from: string, to: string): Promise<void> {
    if (this.failure === 'rename') throw new SandboxError('SANDBOX_ERROR', `rename '${from}': input/output error`, { path: from })
    return this.inner.rename(from, to)
  }
}
