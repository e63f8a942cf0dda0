import { useCallback, useEffect, useRef, type RefObject } from 'react'

// How close to the bottom (in pixels) still counts as reading the newest text.
const NEAR_BOTTOM = 48

/**
 * Keeps a scrolling element at its bottom while `content` changes, unless the reader scrolled up.
 * The scroll happens at most once per frame, in the frame's own layout: following a stream of
 * updates never forces a layout of its own per update.
 */
export function useStickToBottom(element: RefObject<HTMLElement | null>, content: unknown): () => void {
  const stuck = useRef(true)
  const frame = useRef<number | undefined>(undefined)

  const onScroll = useCallback(() => {
    const box = element.current
    if (box) stuck.current = box.scrollHeight - box.scrollTop - box.clientHeight <= NEAR_BOTTOM
  }, [element])

  useEffect(() => {
    if (!stuck.current || frame.current !== undefined) return
    frame.current = requestAnimationFrame(() => {
      frame.current = undefined
      const box = element.current
      if (box && stuck.current) box.scrollTop = box.scrollHeight
    })
  }, [element, content])

  useEffect(
    () => () => {
      if (frame.current !== undefined) cancelAnimationFrame(frame.current)
    },
    []
  )
  return onScroll
}
