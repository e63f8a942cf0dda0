import { toApiMessage } from '../../core/history.ts'
import { createSystemMessage, createUserMessage, type TUniversalMessage } from '../../core/messages.ts'

/** What the summary call is told it is doing. */
export const COMPACTION_SYSTEM_PROMPT =
  'You summarize a conversation between a user and a coding agent so that the agent can continue ' +
  'the work from the summary alone. Keep every fact the work depends on: the user\'s requests and ' +
  'constraints, decisions made, files read or changed (with paths), commands run and their ' +
  'outcomes, errors still open, and the next steps. Leave out pleasantries and anything already ' +
  'superseded. Answer with the summary only.'

/** How the summary opens the new history, so the model knows what it is reading. */
export const COMPACT_SUMMARY_PREFIX = 'This session continues an earlier conversation that was compacted. Summary of it:'

/** What the summary should keep in view beyond the defaults. */
export type TSummaryFocus = {
  /** The project's "Compact Instructions". */
  projectInstructions?: string
  /** What the person asking for the compaction wants kept (`/compact <instructions>`). */
  instructions?: string
}

/** The messages of the summary call: its own system prompt, the conversation, then the request. */
export function buildSummaryRequest(messages: readonly TUniversalMessage[], focus: TSummaryFocus = {}): TUniversalMessage[] {
  const request = ['Summarize the conversation above for the agent that will continue it.']
  if (focus.projectInstructions?.trim()) request.push(`Follow the project's compact instructions:\n${focus.projectInstructions.trim()}`)
  if (focus.instructions?.trim()) request.push(`Focus especially on: ${focus.instructions.trim()}`)
  return [
    createSystemMessage(COMPACTION_SYSTEM_PROMPT, { id: 'compaction-system', timestamp: 0 }),
    ...messages.filter((message) => message.role !== 'system').map(toApiMessage),
    createUserMessage(request.join('\n\n'))
  ]
}

/** The history that replaces the conversation: one user message carrying the summary. */
export function toSummaryHistory(summary: string): TUniversalMessage[] {
  return [createUserMessage(`${COMPACT_SUMMARY_PREFIX}\n\n${summary}`, { metadata: { compactSummary: true } })]
}
