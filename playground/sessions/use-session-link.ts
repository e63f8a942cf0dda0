import { useEffect } from 'react'
import { readSessionLink, sessionLinkFor } from './session-link.ts'

/**
 * Keeps the page's address naming the open session (`#session=<id>`), so a reload returns to it
 * and the address can be shared; following a link (or going back) opens the session it names.
 * Replaces the history entry rather than adding one per click. Off for an embed, which must
 * leave its host page's address alone.
 */
export function useSessionLink(enabled: boolean, selectedId: string | undefined, select: (sessionId: string) => void): void {
  useEffect(() => {
    if (!enabled || !selectedId || readSessionLink(window.location.hash) === selectedId) return
    window.history.replaceState(window.history.state, '', sessionLinkFor(selectedId))
  }, [enabled, selectedId])

  useEffect(() => {
    if (!enabled) return
    const follow = () => {
      const linked = readSessionLink(window.location.hash)
      if (linked) select(linked)
    }
    window.addEventListener('hashchange', follow)
    return () => window.removeEventListener('hashchange', follow)
  }, [enabled, select])
}

/** The session the page's address names when it opens, if any (none where there is no address: the build's prerender). */
export function linkedSessionAtStart(enabled: boolean): string | undefined {
  return enabled && globalThis.location ? readSessionLink(location.hash) : undefined
}
