import type { TAssistantMessage, TUniversalMessage } from '../messages.ts'
import { readTokenUsageFromMessage } from '../context/token-usage.ts'
import type { RobotaError } from '../errors.ts'
import { toRunError, type TRunError } from '../run-error.ts'
import { executeRound } from './execute-round.ts'
import { executeToolCalls } from './execute-tool-calls.ts'
import type { IExecutionContext } from './execution-context.ts'
import { forceFinalAnswer, type TForcedAnswerReason } from './force-final-answer.ts'

/** Token totals of one run, summed over its provider calls. */
export type TRunUsage = {
  inputTokens: number
  outputTokens: number
  cacheReadTokens: number
  cacheWriteTokens: number
  reasoningTokens: number
}

/**
 * What `Robota.run` returns. It returns, rather than throws, on abort, on provider failure
 * (then `error` says why, and `response` is the failure notice committed to the history) and
 * when a caller's callback throws (then `interrupted`, with the failure as the `response`).
 */
export type TRunResult = {
  response: string
  interrupted?: boolean
  /** Set when the turn ended in a provider failure: the error as plain data, with its code. */
  error?: TRunError
  /** The name of each tool call that ran, in order; calls that never ran are left out (`NOT_EXECUTED_ERROR_CODES`). */
  toolsExecuted: string[]
  history: TUniversalMessage[]
  usage: TRunUsage
  /**
   * Set when the run was refused before anything was sent (a plugin's `beforeRun`; in a session,
   * also a UserPromptSubmit hook): nothing was committed, and `response` says who refused.
   */
  blockedReason?: string
}

/** A run's result, and the Robota error behind `result.error` for callers that throw it. */
export type TExecutionOutcome = { result: TRunResult; failure: RobotaError | undefined }

/** Rounds in a row whose tool calls named unregistered tools before the loop stops asking. */
const UNKNOWN_TOOL_ROUND_LIMIT = 2

/**
 * The execution loop: provider call, then the tool calls it asked for, then the next provider
 * call, until the model answers without tools, the run is aborted, the context is full, or the
 * loop must stop (round cap, repeated unknown tools) and ask for a final answer without tools.
 */
export async function runExecution(context: IExecutionContext): Promise<TExecutionOutcome> {
  const toolsExecuted: string[] = []
  const assistantMessages: TAssistantMessage[] = []
  let interrupted = false
  let round = 0
  let unknownToolRounds = 0
  let unknownTools = new Set<string>()
  let final: TAssistantMessage | undefined
  let providerFailure: RobotaError | undefined
  let forcedReason: TForcedAnswerReason | undefined

  while (!final && !forcedReason) {
    if (context.signal?.aborted) {
      interrupted = true
      break
    }
    if (context.maxExecutionRounds > 0 && round >= context.maxExecutionRounds) {
      forcedReason = { kind: 'max_rounds' }
      break
    }
    round++
    const outcome = await executeRound(context, round)
    assistantMessages.push(outcome.message)
    const toolCalls = outcome.message.toolCalls ?? []
    if (toolCalls.length > 0) {
      // Every tool call in history gets a result, even when the abort left it unstarted.
      const batch = await executeToolCalls(context, round, toolCalls)
      toolsExecuted.push(...batch.executed)
      unknownToolRounds = batch.unknownTools.length > 0 ? unknownToolRounds + 1 : 0
      unknownTools = unknownToolRounds > 0 ? new Set([...unknownTools, ...batch.unknownTools]) : new Set()
    }
    if (outcome.kind === 'failed') providerFailure = outcome.error
    if (outcome.kind === 'interrupted') {
      interrupted = true
      final = outcome.message
    } else if (outcome.kind !== 'completed' || toolCalls.length === 0) {
      final = outcome.message
    } else if (unknownToolRounds >= UNKNOWN_TOOL_ROUND_LIMIT) {
      forcedReason = { kind: 'unknown_tools', toolNames: [...unknownTools] }
    }
  }

  let response = final?.content ?? ''
  if (forcedReason && !context.signal?.aborted) {
    const forced = await forceFinalAnswer(context, round + 1, forcedReason)
    if (forced.message) assistantMessages.push(forced.message)
    response = forced.response
    providerFailure = forced.error
  }
  const stopReason = context.stopper.failure
  if (stopReason !== undefined) {
    interrupted = true
    response = `Error: the run stopped because ${stopReason}`
  }
  const result: TRunResult = {
    response,
    ...(interrupted ? { interrupted: true } : {}),
    ...(providerFailure ? { error: toRunError(providerFailure) } : {}),
    toolsExecuted,
    history: context.store.getMessages(),
    usage: sumUsage(assistantMessages)
  }
  return { result, failure: providerFailure }
}

function sumUsage(messages: readonly TAssistantMessage[]): TRunUsage {
  const total: TRunUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 }
  for (const message of messages) {
    const usage = readTokenUsageFromMessage(message)
    if (!usage) continue
    for (const key of Object.keys(total) as Array<keyof TRunUsage>) total[key] += usage[key]
  }
  return total
}

/** @deprecated use `TRunResult`; the `I` prefix marks interfaces and the specs' names. */
export type IRunResult = TRunResult

/** @deprecated use `TRunUsage`; the `I` prefix marks interfaces and the specs' names. */
export type IRunUsage = TRunUsage
