import { createId } from '../create-id.ts'
import { createToolMessage, type IToolCall } from '../messages.ts'
import type { IToolResult } from '../tool.ts'
import type { IExecutionContext } from './execution-context.ts'

/** Text a skipped tool call reports when the run was aborted before it started. */
export const TOOL_INTERRUPTED_MESSAGE = 'Execution interrupted by user'

/**
 * Runs one round's tool calls in order and commits one tool message per call, so every tool call
 * in history has its result. Calls still queued after an abort are recorded as interrupted;
 * calls to unregistered tools are recorded as not executed. Returns the names that ran.
 */
export async function executeToolCalls(
  context: IExecutionContext,
  round: number,
  toolCalls: readonly IToolCall[]
): Promise<string[]> {
  const { emit } = context
  const batchId = createId()
  const executed: string[] = []
  emit(
    'tool_batch_started',
    { batchId, mode: 'sequential', requestCount: toolCalls.length, tools: toolCalls.map((call) => call.name) },
    round
  )

  for (const [index, call] of toolCalls.entries()) {
    const link = { batchId, index, toolName: call.name, toolCallId: call.id }
    emit('tool_execution_request', { ...link, parameters: call.arguments }, round)
    const result = await runOneTool(context, call)
    if (result.metadata?.errorCode !== 'unknown_tool' && result.metadata?.errorCode !== 'interrupted') {
      executed.push(call.name)
    }
    emit('tool_execution_result', { ...link, ...result, ...(result.data === undefined ? {} : { result: result.data }) }, round)
    const message = createToolMessage(toToolMessageContent(result), { toolCallId: call.id, toolName: call.name })
    context.store.append(message)
    emit('tool_message_committed', { batchId, index, message }, round)
  }
  return executed
}

async function runOneTool(context: IExecutionContext, call: IToolCall): Promise<IToolResult> {
  if (context.signal?.aborted) {
    return { success: false, error: TOOL_INTERRUPTED_MESSAGE, metadata: { errorCode: 'interrupted' } }
  }
  const tool = context.tools.get(call.name)
  if (!tool) {
    const availableTools = [...context.tools.keys()].join(', ')
    return {
      success: false,
      error: `Tool "${call.name}" was not executed because it is not registered. Available tools: ${availableTools || 'none'}.`,
      metadata: { errorCode: 'unknown_tool', requestedTool: call.name, availableTools }
    }
  }
  try {
    return await tool.execute(call.arguments, { toolCallId: call.id, ...(context.signal ? { signal: context.signal } : {}) })
  } catch (error) {
    return { success: false, error: error instanceof Error ? error.message : String(error) }
  }
}

function toToolMessageContent(result: IToolResult): string {
  // A failed tool's data (a command's output, say) helps the model more than the error alone.
  if (result.data === undefined) return `Error: ${result.error ?? 'the tool failed without a message'}`
  if (typeof result.data === 'string') return result.data
  return JSON.stringify(result.data ?? null)
}
