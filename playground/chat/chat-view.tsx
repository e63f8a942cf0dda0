import { useEffect, useMemo, useRef } from 'react'
import type { IToolMessage, TUniversalMessage } from '../../lib/core/messages.ts'
import { collectFileChanges } from './file-change.ts'
import { FailureNotice } from './failure-notice.tsx'
import { MessageMarkdown } from './message-markdown.tsx'
import { ToolCallCard } from './tool-call-card.tsx'

type TChatViewProps = {
  messages: TUniversalMessage[]
  streamingText: string
  running: boolean
  onOpenSettings: () => void
}

/** The conversation: user prompts, assistant answers as Markdown with their tool calls, and the live stream. */
export function ChatView({ messages, streamingText, running, onOpenSettings }: TChatViewProps) {
  const results = useMemo(() => {
    const byCall = new Map<string, IToolMessage>()
    for (const message of messages) if (message.role === 'tool') byCall.set(message.toolCallId, message)
    return byCall
  }, [messages])
  const changes = useMemo(() => collectFileChanges(messages), [messages])
  const end = useRef<HTMLDivElement>(null)

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' })
  }, [messages.length, streamingText])

  return (
    <section className="messages" aria-label="Conversation">
      {messages.length === 0 && !running ? <p className="empty">Ask something, for example “What is in this workspace?”</p> : null}
      {messages.map((message) => {
        if (message.role === 'tool' || message.role === 'system') return null
        if (message.role === 'user') {
          return (
            <article key={message.id} className="message user" aria-label="You">
              <p>{message.content}</p>
            </article>
          )
        }
        if (message.metadata?.error === true) {
          const code = typeof message.metadata.errorCode === 'string' ? message.metadata.errorCode : undefined
          return <FailureNotice key={message.id} message={message.content} code={code} onOpenSettings={onOpenSettings} />
        }
        return (
          <article key={message.id} className="message assistant" aria-label="Assistant">
            {message.content ? <MessageMarkdown text={message.content} /> : null}
            {message.state === 'interrupted' ? <p className="note">Interrupted</p> : null}
            {(message.toolCalls ?? []).map((call) => (
              <ToolCallCard key={call.id} call={call} result={results.get(call.id)} change={changes.get(call.id)} />
            ))}
          </article>
        )
      })}
      {streamingText ? (
        <article className="message assistant streaming" aria-label="Assistant (streaming)" aria-live="polite" aria-busy="true">
          <MessageMarkdown text={streamingText} />
        </article>
      ) : null}
      {running && !streamingText ? (
        <p className="note working" role="status">
          <span className="spinner" aria-hidden="true" /> Working…
        </p>
      ) : null}
      <div ref={end} />
    </section>
  )
}
