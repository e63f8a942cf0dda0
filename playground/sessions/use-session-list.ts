import { useCallback, useEffect, useRef, useState } from 'react'
import type { IAgentHost, THostEvent, TProviderChoice } from '../../lib/host/agent-host.ts'
import type { TSessionSummary } from '../../lib/storage/session-store.ts'
import { useHostEvents } from '../../worker/react/use-host-events.ts'
import { applyLiveEvents } from './live-session-summaries.ts'
import { openSessionListBroadcast, type TSessionListBroadcast } from './session-list-broadcast.ts'
import { describeError } from '../../worker/react/describe-error.ts'

/** The stored sessions, the open one, and what can be done to them. */
export type TSessionList = {
  sessions: TSessionSummary[]
  /** Stored records that failed validation: reported, never a crash. */
  corruptCount: number
  selectedId: string | undefined
  select: (sessionId: string) => void
  create: () => Promise<void>
  rename: (sessionId: string, name: string) => Promise<void>
  fork: (sessionId: string) => Promise<void>
  remove: (sessionId: string) => Promise<void>
  refresh: () => Promise<TSessionSummary[]>
  /** Why listing or creating sessions failed, if it did. */
  error: string | undefined
  /** What happened to the open session elsewhere (deleted in another tab), until the next action here. */
  notice: string | undefined
}

/**
 * Keeps the session list in step with the host, live while turns run. On first mount it opens
 * `linkedId` when that session is stored (the one the page's address names), else the most recent
 * session (unless `openLatest` is false), or starts one with `providerChoice()`, so a reload lands
 * where the user left off.
 * `onDeleted` hears of each session deleted here, and of the open one deleted in another tab.
 */
export function useSessionList(
  host: IAgentHost,
  providerChoice: () => TProviderChoice,
  linkedId?: string,
  onDeleted?: (sessionId: string) => void,
  { openLatest = true }: { openLatest?: boolean } = {}
): TSessionList {
  const [sessions, setSessions] = useState<TSessionSummary[]>([])
  const [corruptCount, setCorruptCount] = useState(0)
  const [selectedId, setSelectedId] = useState<string | undefined>()
  const [error, setError] = useState<string | undefined>()
  const [notice, setNotice] = useState<string | undefined>()
  const started = useRef(false)
  // The session this tab is deleting: its leaving the list is no news.
  const deleting = useRef<string | undefined>(undefined)
  const announceChange = useRef<TSessionListBroadcast['announce']>(() => undefined)
  // The open session as listed, once it is.
  const shown = useRef<TSessionSummary | undefined>(undefined)

  const refresh = useCallback(async () => {
    const listing = await host.listSessions()
    setSessions(listing.sessions)
    setCorruptCount(listing.corrupt.length)
    return listing.sessions
  }, [host])

  // Counts follow the conversation as it happens; the stored summaries are read again once a
  // turn ends, in this tab or in one it follows.
  useHostEvents(host, (events) => {
    setSessions((current) => applyLiveEvents(current, events))
    const ended = events.find((event): event is Extract<THostEvent, { kind: 'turn_finished' | 'turn_failed' | 'turn_interrupted' }> => event.kind === 'turn_finished' || event.kind === 'turn_failed' || event.kind === 'turn_interrupted')
    // A subagent run's record is stored before its first event, its link to the parent: read
    // then, the list shows the run while it runs, so it can be opened.
    if (ended || events.some(startsSubagentRun)) void refresh()
    if (ended) announceChange.current(ended.sessionId)
  })

  // Another tab made, renamed, forked or deleted sessions, or ended a turn: it says so, and a tab
  // that could not hear it (no BroadcastChannel) reads again when it is back in front. A turn's
  // end in the session open here is no news: this tab heard it from the host.
  useEffect(() => {
    const reread = () => void refresh().catch(() => undefined)
    const broadcast = openSessionListBroadcast((turnEndedIn) => turnEndedIn !== shown.current?.id && reread())
    announceChange.current = broadcast.announce
    addEventListener('focus', reread)
    return () => {
      removeEventListener('focus', reread)
      broadcast.close()
    }
  }, [refresh])

  const guarded = useCallback(async (action: () => Promise<void>) => {
    try {
      setError(undefined)
      setNotice(undefined)
      await action()
    } catch (caught) {
      setError(describeError(caught))
    }
  }, [])

  // The other tabs hear of a change to the stored sessions once it is done (or has failed, maybe
  // halfway); reading the list is no news to them.
  const changing = useCallback(<TResult>(change: Promise<TResult>): Promise<TResult> => change.finally(() => announceChange.current()), [])

  const create = useCallback(
    () =>
      guarded(async () => {
        const created = await changing(host.createSession({ provider: providerChoice() }))
        // Listed and opened at once, while the stored list is read again: the prompt does not wait for that read.
        setSessions((current) => (current.some((session) => session.id === created.id) ? current : [created, ...current]))
        setSelectedId(created.id)
        await refresh()
      }),
    [guarded, changing, host, providerChoice, refresh]
  )

  useEffect(() => {
    // Once only: a development double-run of effects must not create two sessions.
    if (started.current) return
    started.current = true
    void guarded(async () => {
      const listed = await refresh()
      const opening = listed.find((session) => session.id === linkedId) ?? (openLatest ? listed[0] : undefined)
      if (opening) setSelectedId(opening.id)
      else await create()
    })
  }, [guarded, refresh, create, linkedId, openLatest])

  const rename = useCallback(
    (sessionId: string, name: string) =>
      guarded(async () => {
        await changing(host.renameSession(sessionId, name))
        await refresh()
      }),
    [guarded, changing, host, refresh]
  )

  const fork = useCallback(
    (sessionId: string) =>
      guarded(async () => {
        const forked = await changing(host.forkSession(sessionId))
        await refresh()
        setSelectedId(forked.id)
      }),
    [guarded, changing, host, refresh]
  )

  // Opens the most recent of `remaining`, or a new session when none is left.
  const openFirst = useCallback(async (remaining: TSessionSummary[]) => (remaining[0] ? setSelectedId(remaining[0].id) : create()), [create])

  const remove = useCallback(
    (sessionId: string) =>
      guarded(async () => {
        deleting.current = sessionId
        try {
          await changing(host.deleteSession(sessionId))
          onDeleted?.(sessionId)
          const remaining = await refresh()
          if (sessionId === selectedId) await openFirst(remaining)
        } finally {
          deleting.current = undefined
        }
      }),
    [guarded, changing, host, refresh, selectedId, openFirst, onDeleted]
  )

  // The open session left the list without this tab deleting it: another tab did. The most recent
  // session left opens instead (or a new one), and the page says why.
  const open = sessions.find((session) => session.id === selectedId)
  useEffect(() => {
    const was = shown.current
    shown.current = open
    if (open || !was || was.id !== selectedId || deleting.current === selectedId) return
    onDeleted?.(was.id)
    void openFirst(sessions).then(() => setNotice(`“${was.name}” was deleted in another tab.`))
  }, [open, selectedId, sessions, openFirst, onDeleted])

  return { sessions, corruptCount, selectedId, select: setSelectedId, create, rename, fork, remove, refresh, error, notice }
}

function startsSubagentRun(event: THostEvent): boolean {
  return event.kind === 'replay' && (event.event.type as string) === 'session_link'
}
