import { useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { TToolMessage, TUniversalMessage } from '../../lib/core/messages.ts'
import type { TToolCallDecision } from '../../worker/react/session-view-state.ts'
import { AssistantAnswer } from './assistant-answer.tsx'
import { collectFileChanges } from './file-change.ts'
import { FailureNotice } from './failure-notice.tsx'
import { collectTurnUsage, describeTurnUsage } from './turn-usage.ts'
import { useStickToBottom } from './use-stick-to-bottom.ts'
import { CompactSummary } from './compact-summary.tsx'
import { PendingPermissionsContext } from './pending-permissions-context.ts'
import { UserPrompt, type TUserPromptActions } from './user-prompt.tsx'

type TChatViewProps = {
  messages: TUniversalMessage[]
  streamingText: string
  running: boolean
  /** What allowed or denied each judged tool call, by tool call id. */
  decisions: ReadonlyMap<string, TToolCallDecision>
  onOpenSettings: () => void
  /** Edit and send again on the user's prompts; without it they only show. */
  promptActions?: TUserPromptActions
  /** Where `messages` starts in the conversation: above 0, earlier messages can be shown. */
  firstMessageIndex?: number
  /** Pages in the messages before `messages`; the button for it shows while `firstMessageIndex` is above 0. */
  onShowEarlier?: () => Promise<void>
}

/** The conversation: user prompts, assistant answers as Markdown with their tool calls, and the live stream. */
export function ChatView({ messages, streamingText, running, decisions, onOpenSettings, promptActions, firstMessageIndex = 0, onShowEarlier }: TChatViewProps) {
  const results = useMemo(() => {
    const byCall = new Map<string, TToolMessage>()
    for (const message of messages) if (message.role === 'tool') byCall.set(message.toolCallId, message)
    return byCall
  }, [messages])
  const changes = useMemo(() => collectFileChanges(messages), [messages])
  const turnUsage = useMemo(() => collectTurnUsage(messages), [messages])
  // The turn is not working while a tool call waits for the person: the prompt asks, nothing else says it.
  const awaitingApproval = useContext(PendingPermissionsContext).length > 0
  const box = useRef<HTMLElement>(null)
  const { onScroll, following, jumpToLatest, release } = useStickToBottom(box, `${messages.length}:${streamingText.length}`)
  // A prompt sent (or edited, or sent from the queue) is shown, with the answer to come, wherever
  // the reader had scrolled: the view follows again.
  const latestPromptId = useMemo(() => messages.findLast((message) => message.role === 'user')?.id, [messages])
  const shownPromptId = useRef(latestPromptId)
  useEffect(() => {
    if (latestPromptId === shownPromptId.current) return
    shownPromptId.current = latestPromptId
    jumpToLatest()
  }, [latestPromptId, jumpToLatest])
  // How far the view sat from the bottom when earlier messages were asked for: once they are in
  // above, the same distance keeps what the reader was looking at in place.
  const fromBottom = useRef<number | undefined>(undefined)
  const [loadingEarlier, setLoadingEarlier] = useState(false)
  useLayoutEffect(() => {
    const element = box.current
    if (fromBottom.current === undefined || !element) return
    element.scrollTop = element.scrollHeight - fromBottom.current
    fromBottom.current = undefined
  }, [firstMessageIndex])
  const showEarlier = async () => {
    const element = box.current
    if (!onShowEarlier || !element) return
    release()
    fromBottom.current = element.scrollHeight - element.scrollTop
    setLoadingEarlier(true)
    try {
      await onShowEarlier()
    } finally {
      setLoadingEarlier(false)
    }
  }

  // The committed messages change when one commits, not with each streamed batch: built once per
  // commit, the same elements let React skip the whole conversation while an answer streams, so a
  // batch costs the same in a long conversation as in a short one.
  const committed = useMemo(
    () =>
      messages.map((message, index) => {
        if (message.role === 'tool' || message.role === 'system') return null
        if (message.metadata?.compactSummary === true) return <CompactSummary key={message.id} text={message.content} />
        if (message.role === 'user') {
          return <UserPrompt key={message.id} text={message.content} number={firstMessageIndex + index + 1} {...(promptActions ? { actions: promptActions } : {})} />
        }
        if (message.metadata?.error === true) {
          const code = typeof message.metadata.errorCode === 'string' ? message.metadata.errorCode : undefined
          return <FailureNotice key={message.id} message={message.content} code={code} onOpenSettings={onOpenSettings} />
        }
        const usage = turnUsage.get(message.id)
        // Keyed by place, like the streaming answer below: when the answer commits, its rendered
        // pieces stay in the page instead of being built again.
        return (
          <AssistantAnswer
            key={answerKey(firstMessageIndex + index)}
            message={message}
            number={firstMessageIndex + index + 1}
            results={results}
            changes={changes}
            decisions={decisions}
            usage={usage ? describeTurnUsage(usage) : undefined}
          />
        )
      }),
    [messages, promptActions, onOpenSettings, decisions, results, changes, turnUsage, firstMessageIndex]
  )
  // One list with the answers, so the streaming answer and the message it becomes share a key.
  const items = !streamingText
    ? committed
    : [
        ...committed,
        <AssistantAnswer key={answerKey(firstMessageIndex + messages.length)} streaming text={streamingText} />
      ]

  return (
    <section ref={box} className="messages" aria-label="Conversation" onScroll={onScroll}>
      {firstMessageIndex > 0 && onShowEarlier ? (
        <button type="button" className="show-earlier" onClick={() => void showEarlier()} disabled={loadingEarlier} title={`${firstMessageIndex} earlier messages are not shown`}>
          {loadingEarlier ? 'Loading earlier messages…' : 'Show earlier messages'}
        </button>
      ) : null}
      {messages.length === 0 && !running ? <p className="empty">Ask something, for example “What is in this workspace?”</p> : null}
      {items}
      {running && !streamingText && !awaitingApproval ? (
        <p className="note working" role="status">
          <span className="spinner" aria-hidden="true" /> Working…
        </p>
      ) : null}
      {following ? null : (
        <button type="button" className="jump-to-latest" onClick={jumpToLatest}>
          Jump to latest ↓
        </button>
      )}
    </section>
  )
}

function answerKey(index: number): string {
  return `answer-${index}`
}
