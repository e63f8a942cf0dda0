import { useLayoutEffect, useState, type Dispatch, type SetStateAction } from 'react'
import { useRestoredCopy } from './use-restored-copy.ts'

// Where text typed before any session is open waits; no session has an empty id.
const BEFORE_OPEN = ''

// The tab's copy of the drafts, for a reload, loads apart from the page's first script, as the
// prompt queue's does: the prerendered prompt box it hydrates starts empty.
const STORAGE_KEY = 'robota.drafts'
const perSessionStorage = () => import('./per-session-storage.ts')

/**
 * The prompt box's unsent text, one draft per session: the open session's, and how to change it.
 * Another session shows its own draft (an empty one when it has none); what is typed before any
 * session is open goes to the session that opens next. The drafts outlive a reload of the tab.
 * Each render makes a new setter, which changes the draft of the session open at that render, even
 * once another is open (a prompt refused after a switch comes back to its own session).
 */
export function usePromptDraft(sessionId: string | undefined): [string, Dispatch<SetStateAction<string>>] {
  const [drafts, setDrafts] = useState<ReadonlyMap<string, string>>(() => new Map())
  const key = sessionId ?? BEFORE_OPEN
  const setDraft = (change: SetStateAction<string>) => setDrafts((current) => new Map(current).set(key, typeof change === 'string' ? change : change(current.get(key) ?? '')))

  // What was typed since the page loaded wins over what the tab kept.
  useRestoredCopy(
    perSessionStorage,
    ({ loadPerSessionText }) => setDrafts((current) => new Map([...Object.entries(loadPerSessionText(STORAGE_KEY)), ...current])),
    ({ savePerSession }, kept) => savePerSession(STORAGE_KEY, kept),
    drafts
  )

  // Moved before the session's first paint: the box never shows it empty for a frame in which a
  // key pressed would start a draft that then won over the one typed before.
  const early = drafts.get(BEFORE_OPEN)
  useLayoutEffect(() => {
    if (sessionId && early) setDrafts((current) => new Map(current).set(BEFORE_OPEN, '').set(sessionId, current.get(sessionId) || early))
  }, [sessionId, early])

  return [drafts.get(key) ?? '', setDraft]
}
