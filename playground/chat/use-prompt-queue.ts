import { useCallback, useEffect, useState } from 'react'
import { useRestoredCopy } from './use-restored-copy.ts'

/** The prompts waiting in the open session, and how to change them. */
export type TPromptQueue = {
  /** Waiting prompts of the open session (or of the one opening), oldest first. */
  queued: readonly string[]
  /**
   * True while the line waits for the person: its first prompt came back unsent, Stop was pressed,
   * or the page was reloaded. Nothing in it goes out until `resume`; a prompt the person sends
   * meanwhile is not held behind it (the prompt form sends it straight away in an idle session).
   */
  held: boolean
  enqueue: (prompt: string) => void
  unqueue: (index: number) => void
  /** Lets a held line go on: its first prompt is sent. */
  resume: () => void
  /** Holds the open session's line, so that a turn stopped (or taken over) is not followed by the next prompt. */
  hold: () => void
}

const NOTHING_QUEUED: readonly string[] = []

// Where prompts sent before any session is open wait; no session has an empty id.
const BEFORE_OPEN = ''

// The tab's copy of the lines, for a reload, loads apart from the page's first script: what it
// restores shows only once its session is open, which is later than that.
const STORAGE_KEY = 'robota.queued'
const isText = (item: unknown): item is string => typeof item === 'string'
const perSessionStorage = () => import('./per-session-storage.ts')

/**
 * Prompts typed while a turn runs wait here, each session its own line, and go out one at a time
 * in the order they were typed: the next only once the turn before it has ended. Prompts sent
 * while no session is open yet (the page's first moments) wait for the session that opens next.
 * A session left for another keeps its waiting prompts until it is open again; a page that may
 * not drive the session (`paused`) sends none. A prompt that comes back (`send` resolves `false`)
 * is put back at the head of its line: nothing typed is lost, a reload of the tab included.
 */
export function usePromptQueue(sessionId: string | undefined, running: boolean, paused: boolean, send: (prompt: string) => Promise<unknown>): TPromptQueue {
  const [bySession, setBySession] = useState<ReadonlyMap<string, readonly string[]>>(() => new Map())
  const [sending, setSending] = useState(false)
  // The sessions whose line holds: its first prompt came back (refused, or cut off before its turn
  // started), its turn was stopped or taken over by another tab, or the line outlived a reload that
  // cut its turn off. A line holds until the person asks for it again (Resume): adding a prompt or
  // withdrawing one leaves it held, and a host that keeps refusing is not asked again and again.
  const [held, setHeld] = useState<Readonly<Record<string, boolean>>>({})
  const key = sessionId ?? BEFORE_OPEN
  const queued = bySession.get(key) || NOTHING_QUEUED

  const holding = useCallback((line: string, hold: boolean) => setHeld((current) => ({ ...current, [line]: hold })), [])
  const update = useCallback(
    (change: (prompts: readonly string[]) => readonly string[]) => setBySession((current) => new Map(current).set(key, change(current.get(key) ?? NOTHING_QUEUED))),
    [key]
  )

  // Restored lines hold.
  useRestoredCopy(
    perSessionStorage,
    ({ loadPerSession }) => {
      const kept = Object.entries(loadPerSession(STORAGE_KEY, isText))
      setBySession((current) => new Map([...kept, ...current]))
      for (const [id] of kept) holding(id, true)
    },
    ({ savePerSession }, lines) => savePerSession(STORAGE_KEY, lines),
    bySession
  )

  const early = bySession.get(BEFORE_OPEN)
  useEffect(() => {
    if (sessionId && early?.length) setBySession((current) => new Map(current).set(BEFORE_OPEN, NOTHING_QUEUED).set(sessionId, [...early, ...(current.get(sessionId) ?? NOTHING_QUEUED)]))
  }, [sessionId, early])

  useEffect(() => {
    const [next] = queued
    // An empty line holds nothing back: prompts queued into it later go out as usual. A line whose
    // only prompt is on its way is not empty: that prompt may come back, to a line still held.
    if (next === undefined && held[key] && !sending) holding(key, false)
    if (!sessionId || running || paused || sending || held[sessionId] || next === undefined) return
    update((prompts) => prompts.slice(1))
    setSending(true)
    void send(next)
      .then((sent) => {
        if (sent !== false) return
        update((prompts) => [next, ...prompts])
        holding(sessionId, true)
      })
      .finally(() => setSending(false))
  }, [sessionId, key, running, paused, sending, held, queued, send, update, holding])

  const enqueue = useCallback((prompt: string) => update((prompts) => [...prompts, prompt]), [update])
  const unqueue = useCallback((index: number) => update((prompts) => prompts.filter((_prompt, at) => at !== index)), [update])
  const resume = useCallback(() => holding(key, false), [key, holding])
  const hold = useCallback(() => holding(key, true), [key, holding])
  // A held line says so while a turn runs too: a prompt sent by hand (Retry, say) leaves it held.
  return { queued, held: Boolean(held[key]), enqueue, unqueue, resume, hold }
}
