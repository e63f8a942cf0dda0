import { ConfigurationError } from '../../core/errors.ts'
import type { ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import type { IHookDefinition, IHookInput, IHookResult, IHookTypeExecutor, THookExecutionContext } from '../hook-types.ts'

// The port reports a command stopped by `timeoutMs` with this code (coreutils' `timeout` uses it too).
const SANDBOX_TIMEOUT_EXIT_CODE = 124
const DEFAULT_TIMEOUT_MS = 10_000

/**
 * Runs `command` hooks through `ISandboxClient.run`, with the hook input as JSON on stdin, so
 * hooks work in a browser tab (in-memory shell) as well as in a microVM. The sandbox's own
 * timeout ends a script that never yields; the abort signal ends one that waits. Adapters cap
 * output (the in-memory one at 1 MiB); `runHooks` then keeps no more than its own cap.
 */
export class SandboxCommandExecutor implements IHookTypeExecutor {
  readonly type = 'command'

  constructor(private readonly sandbox: ISandboxClient) {}

  async execute(hook: IHookDefinition, input: IHookInput, context?: THookExecutionContext): Promise<IHookResult> {
    if (hook.type !== 'command') throw new ConfigurationError(`SandboxCommandExecutor cannot run a "${hook.type}" hook.`)
    const timeoutMs = context?.timeoutMs ?? hook.timeoutMs ?? DEFAULT_TIMEOUT_MS
    const startedAt = Date.now()
    const result = await this.sandbox.run(hook.command, {
      stdin: JSON.stringify(input),
      timeoutMs,
      ...(context?.signal ? { signal: context.signal } : {}),
      ...(hook.env ? { env: hook.env } : {})
    })
    // A script may exit 124 on its own; only one that ran out its time was stopped.
    const timedOut = result.exitCode === SANDBOX_TIMEOUT_EXIT_CODE && Date.now() - startedAt >= timeoutMs
    return { exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr, ...(timedOut ? { timedOut } : {}) }
  }
}
