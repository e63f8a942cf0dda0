import { ConfigurationError } from '../../core/errors.ts'
import type { ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import { isPathWithin, resolvePosixPath } from './posix-path.ts'
import { ToolFailure } from './tool-failure.ts'

/** What every sandbox-backed built-in is created with. */
export type TSandboxToolOptions = {
  /** The sandbox the tool reads, writes and runs commands in. */
  sandbox: ISandboxClient
  /**
   * The workspace directory (absolute): relative paths resolve against it, file tools refuse paths
   * outside it, and Bash commands start in it. When left out, it is the directory the sandbox's
   * shell reports (`pwd`) when the tool is first used.
   */
  cwd?: string
}

/**
 * The workspace a built-in works in: the sandbox plus its root directory. Paths a model gives are
 * resolved here, and one that lands outside the root (`../x`, `/etc/passwd`) is refused.
 */
export class SandboxWorkspace {
  readonly sandbox: ISandboxClient
  private rootDirectory: Promise<string> | undefined

  constructor(private readonly options: TSandboxToolOptions) {
    if (typeof options?.sandbox?.run !== 'function') {
      throw new ConfigurationError(`A sandbox tool needs { sandbox }, a sandbox client such as new InMemorySandboxClient(); got ${options?.sandbox === undefined ? 'none' : 'an object that is not one'}.`)
    }
    this.sandbox = options.sandbox
    if (options.cwd !== undefined) {
      if (!options.cwd.startsWith('/')) throw new ConfigurationError(`cwd must be an absolute path, got ${JSON.stringify(options.cwd)}`)
      this.rootDirectory = Promise.resolve(resolvePosixPath('/', options.cwd))
    }
  }

  /** True when the tool was given a `cwd` (rather than following the sandbox's own directory). */
  get hasExplicitRoot(): boolean {
    return this.options.cwd !== undefined
  }

  /** The workspace root, absolute and normalized. */
  root(): Promise<string> {
    // A failed lookup is not kept: the next call asks the sandbox again.
    this.rootDirectory ??= this.askSandboxForDirectory().catch((error: unknown) => {
      this.rootDirectory = undefined
      throw error
    })
    return this.rootDirectory
  }

  /** Resolves a path the model gave against the root; one outside the workspace fails the call. */
  async resolve(path: string): Promise<string> {
    const root = await this.root()
    if (path.includes('\0')) throw new ToolFailure(`The path ${JSON.stringify(path)} contains a NUL character.`)
    const resolved = resolvePosixPath(root, path.trim() === '' ? '.' : path)
    if (!isPathWithin(resolved, root)) {
      throw new ToolFailure(`The path ${path} resolves to ${resolved}, which is outside the workspace ${root}. Use a path inside ${root}.`)
    }
    return resolved
  }

  private async askSandboxForDirectory(): Promise<string> {
    const result = await this.sandbox.run('pwd')
    const directory = result.stdout.trim()
    if (result.exitCode !== 0 || !directory.startsWith('/')) {
      throw new ToolFailure(`Could not find the sandbox's working directory (pwd exited with ${result.exitCode}).`)
    }
    return resolvePosixPath('/', directory)
  }
}
