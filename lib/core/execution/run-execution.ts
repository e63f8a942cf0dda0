import type { IAssistantMessage, TUniversalMessage } from '../messages.ts'
import { executeRound } from './execute-round.ts'
import { executeToolCalls } from './execute-tool-calls.ts'
import type { IExecutionContext } from './execution-context.ts'
import { forceFinalAnswer } from './force-final-answer.ts'

/** Token totals of one run, summed over its provider calls. */
export type IRunUsage = { inputTokens: number; outputTokens: number }

/** What `Robota.run` returns. It returns, rather than throws, on abort and on provider failure. */
export type IRunResult = {
  response: string
  interrupted?: boolean
  toolsExecuted: string[]
  history: TUniversalMessage[]
  usage: IRunUsage
}

/**
 * The execution loop: provider call, then the tool calls it asked for, then the next provider
 * call, until the model answers without tools, the run is aborted, or the round cap is reached.
 */
export async function runExecution(context: IExecutionContext): Promise<IRunResult> {
  const toolsExecuted: string[] = []
  const assistantMessages: IAssistantMessage[] = []
  let interrupted = false
  let round = 0
  let final: IAssistantMessage | undefined

  while (!final) {
    if (context.signal?.aborted) {
      interrupted = true
      break
    }
    if (context.maxExecutionRounds > 0 && round >= context.maxExecutionRounds) break
    round++
    const outcome = await executeRound(context, round)
    assistantMessages.push(outcome.message)
    const toolCalls = outcome.message.toolCalls ?? []
    // Every tool call in history gets a result, even when the abort left them unstarted.
    if (toolCalls.length > 0) toolsExecuted.push(...(await executeToolCalls(context, round, toolCalls)))
    if (outcome.kind === 'interrupted') {
      interrupted = true
      final = outcome.message
    } else if (outcome.kind === 'failed' || toolCalls.length === 0) {
      final = outcome.message
    }
  }

  let response = final?.content ?? ''
  if (!final && !interrupted) {
    const forced = await forceFinalAnswer(context, round + 1)
    if (forced.message) assistantMessages.push(forced.message)
    response = forced.response
  }
  return {
    response,
    ...(interrupted ? { interrupted: true } : {}),
    toolsExecuted,
    history: context.store.getHistory(),
    usage: sumUsage(assistantMessages)
  }
}

function sumUsage(messages: readonly IAssistantMessage[]): IRunUsage {
  const usage: IRunUsage = { inputTokens: 0, outputTokens: 0 }
  for (const message of messages) {
    const { inputTokens, outputTokens } = message.metadata ?? {}
    if (typeof inputTokens === 'number') usage.inputTokens += inputTokens
    if (typeof outputTokens === 'number') usage.outputTokens += outputTokens
  }
  return usage
}
