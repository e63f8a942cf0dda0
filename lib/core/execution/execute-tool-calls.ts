import { createId } from '../create-id.ts'
import { createToolMessage, type TToolCall } from '../messages.ts'
import type { TPluginToolResult } from '../plugins/plugin-context.ts'
import { NOT_EXECUTED_ERROR_CODES, type IToolResult } from '../tool.ts'
import { CONTEXT_SKIPPED_TOOL_RESULT, isToolResultBudgetExceeded } from './context-guard.ts'
import type { IExecutionContext } from './execution-context.ts'
import { toToolEventService } from './run-event-service.ts'
import { runToolBatch } from './run-tool-batch.ts'
import { GIVEN_UP, outlastsAbort } from './tool-abort-grace.ts'
import { toToolMessageContent } from './tool-message-content.ts'
import { describeError } from '../describe-error.ts'

/** Text a skipped tool call reports when the run was aborted before it started. */
export const TOOL_INTERRUPTED_MESSAGE = 'Execution interrupted by user'

/** What one round's tool batch did. */
export type IToolResultsOutcome = {
  /** Names of the tools that actually ran. */
  executed: string[]
  /** Names requested that are not registered. */
  unknownTools: string[]
  contextOverflowed: boolean
  addedCount: number
  skippedCount: number
}

/**
 * Runs one round's tool calls as a batch and commits one tool message per call, in request
 * order, so every tool call in history has its result. Calls still queued after an abort are
 * recorded as interrupted, calls to unregistered tools as not executed, and once the history
 * nears the context window the remaining results are replaced by a short skip notice. A call
 * that ends without success once the caller stops the run (skipped, given up on or cut short) is
 * committed with `state: 'interrupted'`, so programs need not read its wording.
 */
export async function executeToolCalls(
  context: IExecutionContext,
  round: number,
  toolCalls: readonly TToolCall[]
): Promise<IToolResultsOutcome> {
  const { emit, toolExecution } = context
  const batchId = createId()
  emit(
    'tool_batch_started',
    {
      batchId,
      mode: toolExecution.mode,
      maxConcurrency: toolExecution.maxConcurrency ?? null,
      requestCount: toolCalls.length,
      tools: toolCalls.map((call) => call.name)
    },
    round
  )
  const ownerPath = [
    { ownerType: 'agent', ownerId: context.agentName },
    { ownerType: 'execution', ownerId: context.executionId }
  ]
  // Calls that ended without success after the caller stopped the run: skipped, given up on or cut
  // short. A stop for a failure (a budget used up, a hook that failed) leaves its calls failed.
  const stopped = new Set<number>()
  const results = await runToolBatch(toolCalls.length, toolExecution, async (index) => {
    const requested = toolCalls[index] as TToolCall
    const link = { batchId, index, toolName: requested.name, toolCallId: requested.id }
    const start = context.plugins
      ? await context.plugins.beforeToolExecution({ ...context.pluginContext, round }, { toolName: requested.name, toolCallId: requested.id, parameters: requested.arguments })
      : { parameters: requested.arguments }
    // The request event records the parameters the tool runs with, after any plugin rewrote them.
    const call = 'block' in start ? requested : { ...requested, arguments: start.parameters }
    emit('tool_execution_request', { ...link, parameters: call.arguments, ownerPath: [...ownerPath, { ownerType: 'tool', ownerId: call.id }] }, round)
    const events = toToolEventService(context.events, call.id)
    events.emit('execute_start', { toolName: call.name, toolCallId: call.id, parameters: call.arguments })
    let result = 'block' in start ? pluginBlocked(start.pluginName, start.block) : await runOneTool(context, call, round)
    if (context.plugins) {
      const pluginCall = { toolName: call.name, toolCallId: call.id, parameters: call.arguments }
      result = fromPluginResult(result, await context.plugins.afterToolExecution({ ...context.pluginContext, round }, pluginCall, toPluginResult(result)))
    }
    if (!result.success && context.signal?.aborted === true && context.stopper.failure === undefined) stopped.add(index)
    if (result.success) events.emit('execute_success', { toolName: call.name, toolCallId: call.id, result: result.data })
    else events.emit('execute_error', { toolName: call.name, toolCallId: call.id, error: result.error ?? 'Tool execution failed.' })
    emit('tool_execution_result', { ...link, ...result, ...(result.data === undefined ? {} : { result: result.data }) }, round)
    return result
  })

  const outcome: IToolResultsOutcome = { executed: [], unknownTools: [], contextOverflowed: false, addedCount: 0, skippedCount: 0 }
  for (const [index, call] of toolCalls.entries()) {
    const result = results[index] as IToolResult
    const errorCode = result.metadata?.errorCode
    if (errorCode === 'unknown_tool') outcome.unknownTools.push(call.name)
    else if (typeof errorCode !== 'string' || !NOT_EXECUTED_ERROR_CODES.has(errorCode)) outcome.executed.push(call.name)
    const content = outcome.contextOverflowed ? CONTEXT_SKIPPED_TOOL_RESULT : toToolMessageContent(result)
    const message = createToolMessage(content, { toolCallId: call.id, toolName: call.name }, stopped.has(index) ? { state: 'interrupted' } : {})
    context.store.append(message)
    emit('tool_message_committed', { batchId, index, message }, round)
    if (outcome.contextOverflowed) outcome.skippedCount++
    else outcome.addedCount++
    if (!outcome.contextOverflowed && isToolResultBudgetExceeded(context.store, context.contextWindow)) {
      outcome.contextOverflowed = true
    }
  }
  return outcome
}

function pluginBlocked(pluginName: string, reason: string): IToolResult {
  return { success: false, error: `Not executed: the plugin "${pluginName}" blocked this call: ${reason}`, metadata: { errorCode: 'plugin_blocked', pluginName } }
}

function toPluginResult(result: IToolResult): TPluginToolResult {
  return {
    success: result.success,
    ...(result.data === undefined ? {} : { result: result.data }),
    ...(result.error === undefined ? {} : { error: result.error })
  }
}

// The plugins' outcome, keeping the tool's metadata; the same object when no plugin changed it.
function fromPluginResult(result: IToolResult, outcome: TPluginToolResult): IToolResult {
  if (outcome.success === result.success && outcome.result === result.data && outcome.error === result.error) return result
  const { data: _data, error: _error, ...rest } = result
  return {
    ...rest,
    success: outcome.success,
    ...(outcome.result === undefined ? {} : { data: outcome.result }),
    ...(outcome.error === undefined ? {} : { error: outcome.error })
  }
}

async function runOneTool(context: IExecutionContext, call: TToolCall, round: number): Promise<IToolResult> {
  if (context.signal?.aborted) {
    const failure = context.stopper.failure
    const error = failure === undefined ? TOOL_INTERRUPTED_MESSAGE : `Not executed: the run stopped because ${failure}`
    return { success: false, error, metadata: { errorCode: 'interrupted' } }
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
  let givenUp = false
  const running = (async (): Promise<IToolResult> => {
    try {
      return await tool.execute(call.arguments, {
        toolCallId: call.id,
        ...(context.signal ? { signal: context.signal } : {}),
        // Events of a call the turn gave up on would land after the turn's end.
        emitEvent: (type, data) => {
          if (!givenUp) context.emit(type, data, round)
        }
      })
    } catch (error) {
      return { success: false, error: describeError(error) }
    }
  })()
  if (!context.signal) return running
  const wait = outlastsAbort(context.signal)
  const result = await Promise.race([running, wait.givenUp])
  wait.stop()
  if (result !== GIVEN_UP) return result
  givenUp = true
  return { success: false, error: `${TOOL_INTERRUPTED_MESSAGE}; the tool did not stop, so its result is not kept.`, metadata: { errorCode: 'interrupted' } }
}
