import type { IAssistantMessage, TUniversalMessage } from '../messages.ts'
import { readTokenUsageFromMessage } from '../context/token-usage.ts'
import { executeRound } from './execute-round.ts'
import { executeToolCalls } from './execute-tool-calls.ts'
import type { IExecutionContext } from './execution-context.ts'
import { forceFinalAnswer, type TForcedAnswerReason } from './force-final-answer.ts'

/** Token totals of one run, summed over its provider calls. */
export type IRunUsage = {
  inputTokens: number
  outputTokens: number
  cacheReadTokens: number
  cacheWriteTokens: number
  reasoningTokens: number
}

/**
 * What `Robota.run` returns. It returns, rather than throws, on abort, on provider failure and
 * when a caller's callback throws (then `interrupted`, with the failure as the `response`).
 */
export type IRunResult = {
  response: string
  interrupted?: boolean
  toolsExecuted: string[]
  history: TUniversalMessage[]
  usage: IRunUsage
}

/** Rounds in a row whose tool calls named unregistered tools before the loop stops asking. */
const UNKNOWN_TOOL_ROUND_LIMIT = 2

/**
 * The execution loop: provider call, then the tool calls it asked for, then the next provider
 * call, until the model answers without tools, the run is aborted, the context is full, or the
 * loop must stop (round cap, repeated unknown tools) and ask for a final answer without tools.
 */
export async function runExecution(context: IExecutionContext): Promise<IRunResult> {
  const toolsExecuted: string[] = []
  const assistantMessages: IAssistantMessage[] = []
  let interrupted = false
  let round = 0
  let unknownToolRounds = 0
  let unknownTools = new Set<string>()
  let final: IAssistantMessage | undefined
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
  }
  const failure = context.stopper.failure
  if (failure !== undefined) {
    interrupted = true
    response = `Error: the run stopped because ${failure}`
  }
  return {
    response,
    ...(interrupted ? { interrupted: true } : {}),
    toolsExecuted,
    history: context.store.getMessages(),
    usage: sumUsage(assistantMessages)
  }
}

function sumUsage(messages: readonly IAssistantMessage[]): IRunUsage {
  const total: IRunUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 }
  for (const message of messages) {
    const usage = readTokenUsageFromMessage(message)
    if (!usage) continue
    for (const key of Object.keys(total) as Array<keyof IRunUsage>) total[key] += usage[key]
  }
  return total
}

