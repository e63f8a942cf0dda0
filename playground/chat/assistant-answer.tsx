import { lazy, memo, Suspense } from 'react'
import type { TAssistantMessage, TToolMessage } from '../../lib/core/messages.ts'
import type { TToolCallDecision } from '../../worker/react/session-view-state.ts'
import { CopyButton } from './copy-button.tsx'
import type { TFileChange } from './file-change.ts'
import { MarkdownBlocks } from './markdown-blocks.tsx'
import { serverToolUsesOf } from './server-tool-uses.ts'
import { ToolCallCard } from './tool-call-card.tsx'

// Only answers that used the provider's own tools (web search, web fetch) need their cards: they
// load with the first such answer, not with the page.
const ServerToolCard = lazy(() => import('./server-tool-card.tsx').then((module) => ({ default: module.ServerToolCard })))

/** A committed answer and what its tool calls show. */
type TCommittedAnswer = {
  streaming?: false
  message: TAssistantMessage
  /** The message's place in the conversation, from 1: its Copy button's name carries it. */
  number: number
  /** Tool results by tool call id: the conversation's, of which this answer shows its calls'. */
  results: ReadonlyMap<string, TToolMessage>
  changes: ReadonlyMap<string, TFileChange>
  decisions: ReadonlyMap<string, TToolCallDecision>
  /** The turn's token usage, written out, on the turn's last answer. */
  usage: string | undefined
}

/** The answer streaming in: its text so far. */
type TStreamingAnswer = { streaming: true; text: string }

type TAssistantAnswerProps = TCommittedAnswer | TStreamingAnswer

/**
 * One answer: its Markdown, the provider's own tool uses, a Copy button, its tool calls with
 * their results, and the turn's usage; or, while it streams, its text so far. The streaming answer
 * and the answer it commits as are one component at one key, so its rendered Markdown stays. It
 * renders again only when something it shows changed (`sameAnswer`), so a commit in a long
 * conversation costs the answers that changed, not every answer.
 */
export const AssistantAnswer = memo(function AssistantAnswer(props: TAssistantAnswerProps) {
  if (props.streaming) {
    return (
      <article className="message assistant streaming" aria-label="Assistant (streaming)" aria-busy="true">
        <MarkdownBlocks text={props.text} />
      </article>
    )
  }
  const { message, number, results, changes, decisions, usage } = props
  return (
    <article className="message assistant" aria-label="Assistant">
      {message.content ? <MarkdownBlocks text={message.content} /> : null}
      {message.state === 'interrupted' ? <p className="note">Interrupted</p> : null}
      <Suspense>
        {serverToolUsesOf(message).map((use) => (
          <ServerToolCard key={use.id} use={use} />
        ))}
      </Suspense>
      {message.content ? (
        <div className="message-actions">
          <CopyButton text={message.content} label={`Copy answer ${number}`} />
        </div>
      ) : null}
      {(message.toolCalls ?? []).map((call) => (
        <ToolCallCard key={call.id} call={call} result={results.get(call.id)} change={changes.get(call.id)} decision={decisions.get(call.id)} />
      ))}
      {usage ? (
        <p className="turn-usage" aria-label="Tokens this turn">
          {usage}
        </p>
      ) : null}
    </article>
  )
}, sameAnswer)

/**
 * Whether an answer shows the same as before. The maps are the whole conversation's and are new
 * on every commit, so only this answer's tool calls are compared in them; file changes are
 * compared by value, since they are collected anew each time.
 */
export function sameAnswer(before: TAssistantAnswerProps, after: TAssistantAnswerProps): boolean {
  if (before.streaming || after.streaming) return before.streaming === true && after.streaming === true && before.text === after.text
  if (before.message !== after.message || before.number !== after.number || before.usage !== after.usage) return false
  return (after.message.toolCalls ?? []).every(
    ({ id }) =>
      before.results.get(id) === after.results.get(id) &&
      before.decisions.get(id) === after.decisions.get(id) &&
      sameFileChange(before.changes.get(id), after.changes.get(id))
  )
}

function sameFileChange(before: TFileChange | undefined, after: TFileChange | undefined): boolean {
  if (before === after) return true
  if (!before || !after) return false
  return before.path === after.path && before.kind === after.kind && before.before === after.before && before.after === after.after && before.firstLine === after.firstLine
}
