import { useCallback, useEffect, useRef, useState } from 'react'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { IAgentHost } from '../../lib/host/agent-host.ts'
import { playbackSchedule } from './playback-schedule.ts'
import { describeError } from '../../worker/react/describe-error.ts'

/** A recorded session the page was given to play back: the log's text and where it came from. */
export type TInitialReplay = { jsonl: string; source: string }

/** Where playing a recorded session back stands; `shown` is how many of its messages are on screen. */
export type TReplayPlayback =
  | { state: 'idle' }
  | { state: 'importing' }
  | { state: 'refused'; message: string }
  | { state: 'playing'; sessionId: string; shown: number; total: number }
  | { state: 'done'; sessionId: string }

/** The session the page has open, as far as a playback needs it. */
export type TOpenSession = { sessionId: string | undefined; messageCount: number; events: readonly TExecutionEventEnvelope[] }

/**
 * Imports `replay` through the host (which verifies its hash chain), opens it with `open`, then
 * shows its messages at the recorded pace until they are all shown or `skip` is called; after that
 * the session is an ordinary one. A log that does not verify is refused with the import's reason.
 */
export function useReplayPlayback(host: IAgentHost, replay: TInitialReplay | undefined, open: (sessionId: string) => void, session: TOpenSession) {
  const [playback, setPlayback] = useState<TReplayPlayback>(replay ? { state: 'importing' } : { state: 'idle' })
  const started = useRef(false)
  const openRef = useRef(open)
  openRef.current = open

  useEffect(() => {
    if (!replay || started.current) return
    started.current = true
    importOrReuse(host, replay.jsonl)
      .then((sessionId) => {
        setPlayback({ state: 'playing', sessionId, shown: 0, total: 0 })
        openRef.current(sessionId)
      })
      .catch((error: unknown) => setPlayback({ state: 'refused', message: `The replay ${replay.source} was refused: ${describeError(error)}` }))
  }, [host, replay])

  const playingId = playback.state === 'playing' ? playback.sessionId : undefined
  useEffect(() => {
    // The page's start (opening or creating a first session) may land after the import: the
    // recorded run stays the open one while it plays.
    if (playingId && session.sessionId !== undefined && session.sessionId !== playingId) openRef.current(playingId)
  }, [playingId, session.sessionId])
  const opened = playingId !== undefined && session.sessionId === playingId && session.messageCount > 0
  const shown = playback.state === 'playing' ? playback.shown : 0
  const schedule = useRef<number[]>([])
  useEffect(() => {
    if (!opened || !playingId) return
    if (shown === 0) schedule.current = playbackSchedule(session.events)
    if (shown >= session.messageCount) {
      setPlayback({ state: 'done', sessionId: playingId })
      return
    }
    // The recorded pace: each message waits as long as it took to arrive, capped.
    const timer = setTimeout(
      () => setPlayback((current) => (current.state === 'playing' ? { ...current, shown: current.shown + 1, total: session.messageCount } : current)),
      schedule.current[shown] ?? 0
    )
    return () => clearTimeout(timer)
  }, [opened, playingId, shown, session.messageCount, session.events])

  const skip = useCallback(() => setPlayback((current) => (current.state === 'playing' ? { state: 'done', sessionId: current.sessionId } : current)), [])
  return { playback, skip }
}

// A page opened again finds the session it imported last time: it plays that one back, with
// whatever the reader added to it, rather than piling up copies.
async function importOrReuse(host: IAgentHost, jsonl: string): Promise<string> {
  try {
    return (await host.importReplay(jsonl)).id
  } catch (error) {
    const existing = alreadyStoredSessionId(error)
    if (existing) return existing
    throw error
  }
}

function alreadyStoredSessionId(error: unknown): string | undefined {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== 'STORAGE_ERROR') return undefined
  const sessionId = (error as { details?: { sessionId?: unknown } }).details?.sessionId
  return typeof sessionId === 'string' && /already in this store/.test(error.message) ? sessionId : undefined
}
