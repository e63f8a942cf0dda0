import type { RobotaError } from '../errors.ts'
import { createUserMessage, type TAssistantMessage } from '../messages.ts'
import { executeRound } from './execute-round.ts'
import type { IExecutionContext } from './execution-context.ts'

/** What the run answers when the loop ran out of rounds and the summary call gave nothing. */
export const MAX_ROUNDS_FALLBACK = 'Maximum rounds reached. Partial results available in conversation history.'

/** Why the loop stopped before the model gave a final answer. */
export type TForcedAnswerReason = { kind: 'max_rounds' } | { kind: 'unknown_tools'; toolNames: string[] }

function summaryRequest(reason: TForcedAnswerReason): string {
  const cause =
    reason.kind === 'max_rounds'
      ? 'You have reached the maximum number of tool rounds.'
      : `The tools ${reason.toolNames.map((name) => `"${name}"`).join(', ')} are not available: those calls were ` +
        'not executed because they are not registered.'
  return (
    `${cause} Without calling any tool, answer with what you have found so far, say what remains ` +
    'incomplete, and note that the user can ask you to continue.'
  )
}

/**
 * When the loop stops before the model gave a final answer, one more call without tools asks for
 * a summary. The request is sent but never enters the history; the answer does. A failed
 * summary call answers the fallback text and hands back the provider's error.
 */
export async function forceFinalAnswer(
  context: IExecutionContext,
  round: number,
  reason: TForcedAnswerReason
): Promise<{ response: string; message: TAssistantMessage | undefined; error?: RobotaError }> {
  try {
    const outcome = await executeRound(context, round, {
      withTools: false,
      transientMessages: [createUserMessage(summaryRequest(reason))]
    })
    if (outcome.kind === 'failed') return { response: MAX_ROUNDS_FALLBACK, message: outcome.message, error: outcome.error }
    if (outcome.kind !== 'completed' || !outcome.message.content) {
      return { response: MAX_ROUNDS_FALLBACK, message: outcome.message }
    }
    return { response: outcome.message.content, message: outcome.message }
  } catch {
    return { response: MAX_ROUNDS_FALLBACK, message: undefined }
  }
}
