import { ConfigurationError } from '../../core/errors.ts'
import type { IHookDefinition, IHookInput, IHookResult, IHookTypeExecutor, THookExecutionContext } from '../hook-types.ts'

/** Asks a model: resolves to its answer, read like a command hook's stdout. */
export type TPromptHookRunner = (request: {
  prompt: string
  model?: string
  input: IHookInput
  signal?: AbortSignal
}) => Promise<string>

/**
 * Runs `prompt` hooks. With a runner, the prompt (its `$ARGUMENTS` replaced by the input as JSON)
 * goes to a model, whose answer is read like a command's stdout: `{"ok": false, "reason": …}` or
 * `{"decision": "block", …}` blocks, `{"additionalContext": …}` adds context. Without a runner the
 * prompt text itself is injected as context, as the spec describes. Injected so hooks do not
 * depend on the session layer.
 */
export class PromptExecutor implements IHookTypeExecutor {
  readonly type = 'prompt'

  constructor(private readonly runPrompt?: TPromptHookRunner) {}

  async execute(hook: IHookDefinition, input: IHookInput, context?: THookExecutionContext): Promise<IHookResult> {
    if (hook.type !== 'prompt') throw new ConfigurationError(`PromptExecutor cannot run a "${hook.type}" hook.`)
    const prompt = hook.prompt.replaceAll('$ARGUMENTS', JSON.stringify(input))
    if (this.runPrompt === undefined) return { exitCode: 0, stdout: JSON.stringify({ additionalContext: prompt }), stderr: '' }
    const answer = await this.runPrompt({
      prompt,
      input,
      ...(hook.model === undefined ? {} : { model: hook.model }),
      ...(context?.signal ? { signal: context.signal } : {})
    })
    return { exitCode: 0, stdout: answer, stderr: '' }
  }
}
