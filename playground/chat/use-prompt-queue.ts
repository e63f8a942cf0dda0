import { useCallback, useEffect, useState } from 'react'

/** The prompts waiting in the open session, and how to change them. */
export type TPromptQueue = {
  /** Waiting prompts of the open session (or of the one opening), oldest first. */
  queued: readonly string[]
  /** True while the line waits because its first prompt came back unsent. */
  held: boolean
  enqueue: (prompt: string) => void
  unqueue: (index: number) => void
  /** Lets a held line go on: its first prompt is sent again. */
  resume: () => void
}

const NOTHING_QUEUED: readonly string[] = []

// Where prompts sent before any session is open wait; no session has an empty id.
const BEFORE_OPEN = ''

/**
 * Prompts typed while a turn runs wait here, each session its own line, and go out one at a time
 * in the order they were typed: the next only once the turn before it has ended. Prompts sent
 * while no session is open yet (the page's first moments) wait for the session that opens next.
 * A session left for another keeps its waiting prompts until it is open again; a page that may
 * not drive the session (`paused`) sends none. A prompt that comes back (`send` resolves `false`)
 * is put back at the head of its line: nothing typed is lost.
 */
export function usePromptQueue(sessionId: string | undefined, running: boolean, paused: boolean, send: (prompt: string) => Promise<unknown>): TPromptQueue {
  const [bySession, setBySession] = useState<ReadonlyMap<string, readonly string[]>>(() => new Map())
  const [sending, setSending] = useState(false)
  // The session whose line holds: its first prompt came back (refused, or cut off before its turn
  // started), and the line waits until the person changes it, asks for it again, or another turn
  // runs, so a host that keeps refusing is not asked again and again (each refused attempt flips
  // `running` on and off).
  const [held, setHeld] = useState<string | undefined>()
  const key = sessionId ?? BEFORE_OPEN
  const queued = bySession.get(key) || NOTHING_QUEUED

  const update = useCallback(
    (change: (prompts: readonly string[]) => readonly string[]) => {
      setHeld((current) => (current === key ? undefined : current))
      setBySession((current) => new Map(current).set(key, change(current.get(key) ?? NOTHING_QUEUED)))
    },
    [key]
  )

  const early = bySession.get(BEFORE_OPEN)
  useEffect(() => {
    if (sessionId && early?.length) setBySession((current) => new Map(current).set(BEFORE_OPEN, NOTHING_QUEUED).set(sessionId, [...early, ...(current.get(sessionId) ?? NOTHING_QUEUED)]))
  }, [sessionId, early])

  useEffect(() => {
    if (running && held !== undefined) setHeld(undefined)
    const [next] = queued
    if (!sessionId || running || paused || sending || held === sessionId || next === undefined) return
    update((prompts) => prompts.slice(1))
    setSending(true)
    void send(next)
      .then((sent) => {
        if (sent !== false) return
        update((prompts) => [next, ...prompts])
        setHeld(sessionId)
      })
      .finally(() => setSending(false))
  }, [sessionId, running, paused, sending, held, queued, send, update])

  const enqueue = useCallback((prompt: string) => update((prompts) => [...prompts, prompt]), [update])
  const unqueue = useCallback((index: number) => update((prompts) => prompts.filter((_prompt, at) => at !== index)), [update])
  const resume = useCallback(() => update((prompts) => prompts), [update])
  return { queued, held: held === key && !running, enqueue, unqueue, resume }
}
