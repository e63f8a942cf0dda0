import { useCallback, useEffect, useState } from 'react'

/** The prompts waiting in the open session, and how to change them. */
export type TPromptQueue = {
  /** Waiting prompts of the open session, oldest first. */
  queued: readonly string[]
  enqueue: (prompt: string) => void
  unqueue: (index: number) => void
}

const NOTHING_QUEUED: readonly string[] = []

/**
 * Prompts typed while a turn runs wait here, each session its own line, and go out one at a time
 * in the order they were typed: the next only once the turn before it has ended. A session left
 * for another keeps its waiting prompts until it is open again; a page that may not drive the
 * session (`paused`) sends none.
 */
export function usePromptQueue(sessionId: string | undefined, running: boolean, paused: boolean, send: (prompt: string) => Promise<unknown>): TPromptQueue {
  const [bySession, setBySession] = useState<ReadonlyMap<string, readonly string[]>>(() => new Map())
  const [sending, setSending] = useState(false)
  const queued = (sessionId && bySession.get(sessionId)) || NOTHING_QUEUED

  const update = useCallback(
    (change: (prompts: readonly string[]) => readonly string[]) => {
      if (!sessionId) return
      setBySession((current) => new Map(current).set(sessionId, change(current.get(sessionId) ?? NOTHING_QUEUED)))
    },
    [sessionId]
  )

  useEffect(() => {
    if (running || paused || sending || queued.length === 0) return
    const [next] = queued
    if (next === undefined) return
    update((prompts) => prompts.slice(1))
    setSending(true)
    void send(next).finally(() => setSending(false))
  }, [running, paused, sending, queued, send, update])

  const enqueue = useCallback((prompt: string) => update((prompts) => [...prompts, prompt]), [update])
  const unqueue = useCallback((index: number) => update((prompts) => prompts.filter((_prompt, at) => at !== index)), [update])
  return { queued, enqueue, unqueue }
}
