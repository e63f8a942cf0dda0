import { useCallback, useEffect, useRef, type RefObject } from 'react'

/**
 * "New session", from the session list and from Alt+N when `shortcuts` is on. While the open
 * session is still `untouched` (nothing said, nothing queued, its first name), it is what a new
 * one would be: its prompt takes the keyboard instead, and the list does not fill with empty
 * sessions.
 *
 * @returns the handler, the same one across renders so the session list skips rendering while a
 * turn streams.
 */
export function useNewSession(untouched: boolean, create: () => Promise<unknown>, root: RefObject<HTMLElement | null>, shortcuts: boolean): () => void {
  // Read as a new session is asked for, so the handler stays the same while the session changes.
  const untouchedNow = useRef(untouched)
  untouchedNow.current = untouched
  const onCreateSession = useCallback(() => {
    if (untouchedNow.current) return root.current?.querySelector<HTMLTextAreaElement>('textarea[aria-label="Prompt"]')?.focus()
    void create()
  }, [create, root])

  useEffect(() => {
    if (!shortcuts) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey && (event.key === 'n' || event.key === 'N')) {
        event.preventDefault()
        onCreateSession()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [shortcuts, onCreateSession])

  return onCreateSession
}
