import { useEffect, useRef, useState } from 'react'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { announcementOf, latestAnswer } from './latest-answer.ts'
import { loadRenderer } from './message-markdown.tsx'

type TAnswerAnnouncerProps = {
  /** The open session's messages; mount one announcer per session (`key`), so its history is not news. */
  messages: readonly TUniversalMessage[]
}

/**
 * A polite live region that receives each answer once it is committed, whole, rather than every
 * streamed delta: a screen reader reads the answer when the model has finished it, without
 * interrupting, and hears nothing of what the session held when it opened. It reads the text the
 * answer shows, not its Markdown: the conversation's own renderer, loaded by then, takes it out.
 */
export function AnswerAnnouncer({ messages }: TAnswerAnnouncerProps) {
  const latest = latestAnswer(messages)
  const known = useRef(latest?.id)
  const [announced, setAnnounced] = useState('')
  useEffect(() => {
    if (!latest || latest.id === known.current) return
    known.current = latest.id
    // Should the renderer's chunk not load, the Markdown as written still says what the answer is.
    void loadRenderer()
      .then(({ renderMarkdownText }) => renderMarkdownText, () => (markdown: string) => markdown)
      .then((toText) => setAnnounced(announcementOf(latest, toText)))
  }, [latest?.id, latest?.markdown])
  // No text node while nothing is announced: preact/compat (the embed) rewrites an empty one on
  // every render, and each write is a change of the live region.
  return (
    <div className="visually-hidden answer-announcer" aria-live="polite" aria-atomic="true">
      {announced || null}
    </div>
  )
}
