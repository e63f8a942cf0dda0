import { useEffect, useRef, useState } from 'react'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { latestAnswer } from './latest-answer.ts'

type TAnswerAnnouncerProps = {
  /** The open session's messages; mount one announcer per session (`key`), so its history is not news. */
  messages: readonly TUniversalMessage[]
}

/**
 * A polite live region that receives each answer once it is committed, whole, rather than every
 * streamed delta: a screen reader reads the answer when the model has finished it, without
 * interrupting, and hears nothing of what the session held when it opened.
 */
export function AnswerAnnouncer({ messages }: TAnswerAnnouncerProps) {
  const latest = latestAnswer(messages)
  const known = useRef(latest?.id)
  const [announced, setAnnounced] = useState('')
  useEffect(() => {
    if (!latest || latest.id === known.current) return
    known.current = latest.id
    setAnnounced(latest.text)
  }, [latest?.id, latest?.text])
  // No text node while nothing is announced: preact/compat (the embed) rewrites an empty one on
  // every render, and each write is a change of the live region.
  return (
    <div className="visually-hidden answer-announcer" aria-live="polite" aria-atomic="true">
      {announced || null}
    </div>
  )
}
