import { ConfigurationError } from '../../core/errors.ts'
import type { IHookDefinition, IHookInput, IHookResult, IHookTypeExecutor, THookExecutionContext } from '../hook-types.ts'

/** Runs a nested agent for a hook: resolves to its final answer, read like a command's stdout. */
export type TAgentHookRunner = (request: {
  agent: string
  config?: Record<string, unknown>
  input: IHookInput
  signal?: AbortSignal
}) => Promise<string>

/**
 * Runs `agent` hooks by delegating to an injected runner (the session layer creates the nested
 * agent), so hooks do not depend on it. The agent's answer is read like a command's stdout, so
 * `{"decision": "block", "reason": …}` blocks.
 */
export class AgentExecutor implements IHookTypeExecutor {
  readonly type = 'agent'

  constructor(private readonly runAgent: TAgentHookRunner) {}

  async execute(hook: IHookDefinition, input: IHookInput, context?: THookExecutionContext): Promise<IHookResult> {
    if (hook.type !== 'agent') throw new ConfigurationError(`AgentExecutor cannot run an "${hook.type}" hook.`)
    const answer = await this.runAgent({
      agent: hook.agent,
      input,
      ...(hook.config === undefined ? {} : { config: hook.config }),
      ...(context?.signal ? { signal: context.signal } : {})
    })
    return { exitCode: 0, stdout: answer, stderr: '' }
  }
}
