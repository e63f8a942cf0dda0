import type { IToolSchema } from '../core/provider.ts'
import type { ITool, IToolExecutionContext, IToolResult } from '../core/tool.ts'
import type { IHookInput, THookEvent, THookRunResult } from '../hooks/index.ts'
import type { TPermissionOutcome } from './permission-enforcer-types.ts'
import { describeError } from '../core/describe-error.ts'

/** What a gated tool asks of its enforcer. */
export interface IToolGate {
  /** Decides whether the call may run, recording `permission_request` and `permission_decision`. */
  authorize(toolName: string, parameters: Record<string, unknown>, context: IToolExecutionContext): Promise<TPermissionOutcome>
  /** Runs the hooks of one event, recording a `hook_result` per hook. */
  runHooks(event: THookEvent, fields: Partial<IHookInput>, context: Pick<IToolExecutionContext, 'signal' | 'emitEvent'>): Promise<THookRunResult>
}

/**
 * A tool behind its gate: PreToolUse hooks (which may block or rewrite the input), then the
 * permission decision on the input that will actually run, then the tool, then PostToolUse hooks.
 * A block or denial comes back as a failed result carrying the reason, which the model reads.
 */
export class GatedTool implements ITool {
  constructor(
    private readonly tool: ITool,
    private readonly gate: IToolGate
  ) {}

  get schema(): IToolSchema {
    return this.tool.schema
  }

  async execute(parameters: Record<string, unknown>, context: IToolExecutionContext): Promise<IToolResult> {
    const toolName = this.tool.schema.name
    const call = { tool_name: toolName, tool_use_id: context.toolCallId }
    const before = await this.gate.runHooks('PreToolUse', { ...call, tool_input: parameters }, context)
    if (before.blocked) {
      return refusal(`Blocked by a PreToolUse hook: ${before.reason ?? 'no reason given'}`, 'hook_blocked')
    }
    const input = before.updatedInput ?? parameters
    const permission = await this.gate.authorize(toolName, input, context)
    if (!permission.allowed) return refusal(`Permission denied for ${toolName}: ${permission.reason}`, 'permission_denied')

    let result: IToolResult
    try {
      result = await this.tool.execute(input, context)
    } catch (error) {
      result = { success: false, error: describeError(error) }
    }
    const after = await this.gate.runHooks('PostToolUse', { ...call, tool_input: input, tool_response: result }, context)
    return withHookNotes(result, [...after.feedback.map((text) => `PostToolUse hook: ${text}`), ...after.additionalContext])
  }
}

function refusal(error: string, errorCode: string): IToolResult {
  return { success: false, error, metadata: { errorCode } }
}

/** Adds what PostToolUse hooks said to the result the model reads, keeping the tool's own output. */
function withHookNotes(result: IToolResult, notes: string[]): IToolResult {
  if (notes.length === 0) return result
  const text = notes.join('\n')
  const { data } = result
  if (data === undefined) {
    return result.success ? { ...result, data: text } : { ...result, error: `${result.error ?? 'the tool failed'}\n${text}` }
  }
  if (typeof data === 'string') return { ...result, data: `${data}\n\n${text}` }
  const isPlainObject = typeof data === 'object' && data !== null && !Array.isArray(data)
  return { ...result, data: isPlainObject ? { ...data, hookNotes: notes } : { result: data, hookNotes: notes } }
}
