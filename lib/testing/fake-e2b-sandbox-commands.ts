import type { CommandResult, CommandStartOpts } from 'e2b'
import type { TFakeE2BContext } from './fake-e2b-sandbox-context.ts'

/** Receives a command's output as the shell yields it; `stream` names the pipe. */
export type TFakeE2BOutputListener = (stream: 'stdout' | 'stderr', text: string) => void

// Exit code and message envd reports for a process killed with SIGKILL.
const killedExitCode = -1
const killedMessage = 'signal: killed'

/**
 * A background command of the fake, shaped like the SDK's `CommandHandle`: `wait()` resolves on
 * exit code 0 and throws the SDK's `CommandExitError` otherwise, or its `TimeoutError` when the
 * command's `timeoutMs` passes. With `stdin: true` the command starts once stdin is closed. Each
 * command is a fresh shell, as envd's `bash -l -c`: it starts in its `cwd` (or the home directory)
 * whatever earlier commands did, and its EXIT trap runs when it ends. Output reaches `onStdout` /
 * `onStderr` and every `follow` listener when the shell yields it: the backing shell gives a
 * command's output when it finishes, so it arrives once, just before the exit.
 */
export class FakeE2BCommandHandle {
  stdout = ''
  stderr = ''
  exitCode: number | undefined
  error: string | undefined
  private readonly stopper = new AbortController()
  private readonly stdinChunks: string[] = []
  private readonly listeners = new Set<TFakeE2BOutputListener>()
  private readonly outcome: Promise<CommandResult | Error>
  private begin: () => void = () => {}

  constructor(
    readonly pid: number,
    private readonly command: string,
    private readonly options: CommandStartOpts,
    private readonly context: TFakeE2BContext
  ) {
    const started = new Promise<void>((resolve) => {
      this.begin = resolve
    })
    this.outcome = started.then(() => this.execute())
    if (options.stdin !== true) this.begin()
  }

  /** Waits for the exit; a non-zero exit throws `CommandExitError`, as in the SDK. */
  async wait(): Promise<CommandResult> {
    const outcome = await this.outcome
    if (outcome instanceof Error) throw outcome
    if (outcome.exitCode !== 0) throw new this.context.errors.CommandExitError(outcome)
    return outcome
  }

  /** Kills the process (SIGKILL); `false` when it had already finished. */
  async kill(): Promise<boolean> {
    if (this.exitCode !== undefined || this.stopper.signal.aborted) return false
    this.stopper.abort()
    this.begin()
    return true
  }

  /** Queues text for stdin; the command must have been started with `stdin: true`. */
  async sendStdin(data: string | Uint8Array): Promise<void> {
    this.assertStdinOpen()
    this.stdinChunks.push(typeof data === 'string' ? data : new TextDecoder().decode(data))
  }

  /** Closes stdin (EOF), which starts a command that waits for its input. */
  async closeStdin(): Promise<void> {
    this.assertStdinOpen()
    this.begin()
  }

  /** Adds a listener for output yielded from now on (as envd's `Connect` does); returns its removal. */
  follow(listener: TFakeE2BOutputListener): () => void {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  /** Stops listening; the process keeps running, as in the SDK. */
  async disconnect(): Promise<void> {}

  private assertStdinOpen(): void {
    if (this.options.stdin !== true) {
      throw new this.context.errors.SandboxError('Sending stdin is not supported: start the command with stdin: true')
    }
  }

  private async execute(): Promise<CommandResult | Error> {
    const { options, context } = this
    if (this.stopper.signal.aborted) return this.settle({ exitCode: killedExitCode, error: killedMessage, stdout: '', stderr: '' })
    const startedAt = Date.now()
    const deadline = options.timeoutMs === undefined || options.timeoutMs === 0 ? undefined : options.timeoutMs
    try {
      const result = await context.shell().run(this.command, {
        cwd: options.cwd ?? context.home,
        signal: this.stopper.signal,
        ...(options.envs === undefined ? {} : { env: options.envs }),
        ...(options.stdin === true ? { stdin: this.stdinChunks.join('') } : {}),
        ...(deadline === undefined ? {} : { timeoutMs: deadline })
      })
      if (this.stopper.signal.aborted) return this.settle({ exitCode: killedExitCode, error: killedMessage, stdout: '', stderr: '' })
      if (deadline !== undefined && result.exitCode === 124 && Date.now() - startedAt >= deadline) {
        return new context.errors.TimeoutError(
          "deadline_exceeded: This error is likely due to exceeding 'timeoutMs' — the total time a long running request (like command execution or directory watch) can be active."
        )
      }
      await this.emit('stdout', result.stdout)
      await this.emit('stderr', result.stderr)
      return this.settle({ ...result, ...(result.exitCode === 0 ? {} : { error: `exit status ${result.exitCode}` }) })
    } catch (error) {
      return error instanceof Error ? error : new context.errors.SandboxError(String(error))
    }
  }

  // The SDK calls its callbacks only for output there is: an empty pipe makes no call.
  private async emit(stream: 'stdout' | 'stderr', text: string): Promise<void> {
    if (text === '') return
    for (const listener of this.listeners) listener(stream, text)
    await (stream === 'stdout' ? this.options.onStdout : this.options.onStderr)?.(text)
  }

  private settle(result: CommandResult): CommandResult {
    this.stdout = result.stdout
    this.stderr = result.stderr
    this.exitCode = result.exitCode
    this.error = result.error
    return result
  }
}

/** `sandbox.commands` of the fake: `run` in the foreground (result or throw) or in the background (a handle). */
export class FakeE2BCommands {
  private nextPid = 100

  constructor(private readonly context: TFakeE2BContext) {}

  run(command: string, options?: CommandStartOpts & { background?: false }): Promise<CommandResult>
  run(command: string, options: CommandStartOpts & { background: true }): Promise<FakeE2BCommandHandle>
  async run(command: string, options: CommandStartOpts = {}): Promise<CommandResult | FakeE2BCommandHandle> {
    const shell = this.context.shell()
    if (options.cwd !== undefined) {
      // envd checks the directory before it starts the process, and answers invalid_argument.
      const cwd = this.context.resolve(options.cwd)
      const exists = await shell.stat(cwd).then(() => true, () => false)
      if (!exists) throw new this.context.errors.InvalidArgumentError(`cwd '${cwd}' does not exist`)
    }
    const handle = new FakeE2BCommandHandle(this.nextPid++, command, options, this.context)
    return options.background === true ? handle : handle.wait()
  }
}
