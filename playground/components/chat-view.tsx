import type { IToolMessage, TUniversalMessage } from '../../lib/core/messages.ts'
import { ToolCallCard } from './tool-call-card.tsx'

type TChatViewProps = {
  messages: TUniversalMessage[]
  streamingText: string
  running: boolean
}

/** The conversation: user prompts, assistant answers with their tool calls, and the live stream. */
export function ChatView({ messages, streamingText, running }: TChatViewProps) {
  const results = new Map<string, IToolMessage>()
  for (const message of messages) if (message.role === 'tool') results.set(message.toolCallId, message)

  return (
    <section className="messages" aria-label="Conversation">
      {messages.length === 0 && !running ? (
        <p className="empty">Ask something, for example “What is in this workspace?”</p>
      ) : null}
      {messages.map((message) => {
        if (message.role === 'tool' || message.role === 'system') return null
        if (message.role === 'user') {
          return (
            <article key={message.id} className="message user" aria-label="You">
              <p>{message.content}</p>
            </article>
          )
        }
        return (
          <article key={message.id} className="message assistant" aria-label="Assistant">
            {message.content ? <p>{message.content}</p> : null}
            {message.state === 'interrupted' ? <p className="note">Interrupted</p> : null}
            {(message.toolCalls ?? []).map((call) => (
              <ToolCallCard key={call.id} call={call} result={results.get(call.id)} />
            ))}
          </article>
        )
      })}
      {streamingText ? (
        <article className="message assistant streaming" aria-label="Assistant (streaming)" aria-live="polite">
          <p>{streamingText}</p>
        </article>
      ) : null}
      {running && !streamingText ? <p className="note" role="status">Working…</p> : null}
    </section>
  )
}
