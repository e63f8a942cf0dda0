import { createUserMessage, type IAssistantMessage } from '../messages.ts'
import { ConversationStore } from '../conversation-store.ts'
import { executeRound } from './execute-round.ts'
import type { IExecutionContext } from './execution-context.ts'

/** What the run answers when the loop ran out of rounds and the summary call gave nothing. */
export const MAX_ROUNDS_FALLBACK =
  'Maximum rounds reached. Partial results available in conversation history.'

const SUMMARY_REQUEST =
  'You have reached the maximum number of tool rounds. Without calling any tool, answer with what you ' +
  'have found so far, say what remains incomplete, and note that the user can ask you to continue.'

/**
 * When the round cap ends the loop before the model gave a final answer, one more call without
 * tools asks for a summary. The synthetic request is sent but never enters the canonical history.
 */
export async function forceFinalAnswer(
  context: IExecutionContext,
  round: number
): Promise<{ response: string; message: IAssistantMessage | undefined }> {
  const scratch = new ConversationStore([...context.store.getHistory(), createUserMessage(SUMMARY_REQUEST)])
  try {
    const outcome = await executeRound({ ...context, store: scratch }, round, { withTools: false })
    if (outcome.kind === 'failed' || !outcome.message.content) return { response: MAX_ROUNDS_FALLBACK, message: undefined }
    // Keep the answer in history without the synthetic request that produced it.
    context.store.append(outcome.message)
    return { response: outcome.message.content, message: outcome.message }
  } catch {
    return { response: MAX_ROUNDS_FALLBACK, message: undefined }
  }
}
