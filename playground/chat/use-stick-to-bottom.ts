import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'

// How close to the bottom (in pixels) still counts as reading the newest text.
const NEAR_BOTTOM = 48
// How long after reaching for the scroll a move up still counts as the reader's (a fling's tail, say).
const READER_SCROLL_MS = 1_000

/** Whether a scrolling view follows its newest content, and how to make it follow again. */
export type TStickToBottom = {
  /** Pass to the element's `onScroll`. */
  onScroll: () => void
  /** False once the reader has scrolled up, until they come back down or jump. */
  following: boolean
  /** Scrolls to the newest content and follows it again. */
  jumpToLatest: () => void
  /** Stops following, as a reader scrolling up does (content is about to be put above what they read). */
  release: () => void
}

/**
 * Keeps a scrolling element at its bottom while `content` changes, anything in it grows (a tool
 * card's output, an image, Markdown rendered late) or the element itself shrinks, unless the
 * reader scrolled up. Only a move upwards away from the bottom, made by the reader after the last
 * jump, stops the following: the scroll events of its own jumps, which can arrive after more
 * content has grown, the tail of a scroll the reader began before a jump, and moves the layout
 * makes never do. The scroll happens at most once per frame, in the frame's own layout. Where the
 * element grows instead of scrolling and the page scrolls (a phone's one column), the page follows
 * by the same rules, from the first `jumpToLatest` made while the focus is in the element's
 * container (the person's own prompt) on.
 */
export function useStickToBottom(element: RefObject<HTMLElement | null>, content: unknown): TStickToBottom {
  const stuck = useRef(true)
  const lastTop = useRef(0)
  const frame = useRef<number | undefined>(undefined)
  const [following, setFollowing] = useState(true)

  const follow = useCallback((value: boolean) => {
    stuck.current = value
    setFollowing(value)
  }, [])

  // On a narrow screen the page scrolls as one column and the box grows with its content instead:
  // there the page follows, once the person sent a prompt from it (a first visit keeps its top).
  const pageFollows = useRef(false)
  const scrollToLatest = useCallback(() => {
    const box = element.current
    if (!box) return
    if (scrollsItself(box)) box.scrollTop = box.scrollHeight
    // Down only: a reader below the chat (at the side panel, say) is not pulled back up to it.
    else if (pageFollows.current) window.scrollBy(0, Math.max(0, pageOverflow(box)))
  }, [element])

  const scheduleScroll = useCallback(() => {
    if (!stuck.current || frame.current !== undefined) return
    frame.current = requestAnimationFrame(() => {
      frame.current = undefined
      if (stuck.current) scrollToLatest()
    })
  }, [scrollToLatest])

  // When the reader last reached for the scroll (wheel, touch, keys, the scrollbar): only a move
  // up soon after that is theirs. Layout moves the view up too (content above shrinking, the
  // browser's scroll anchoring), and those must not stop the following.
  const readerScrolledAt = useRef(Number.NEGATIVE_INFINITY)
  // When the view last jumped to the end. A reach made before it is spent; and the browser animates
  // a wheel's scroll, so the tail of a fling begun before the jump can still carry the view up just
  // after it: that is taken back down, not as the reader leaving.
  const jumpedAt = useRef(Number.NEGATIVE_INFINITY)
  // The one rule, for the box and for the page: back near the end follows again, the reader's move up stops it.
  const judge = useCallback(
    (fromEnd: number, top: number, lastTop: number) => {
      if (fromEnd <= NEAR_BOTTOM) return follow(true)
      if (top >= lastTop) return
      const now = performance.now()
      const readers = readerScrolledAt.current > jumpedAt.current && now - readerScrolledAt.current < READER_SCROLL_MS
      if (readers) follow(false)
      else if (now - jumpedAt.current < READER_SCROLL_MS) scheduleScroll()
    },
    [follow, scheduleScroll]
  )
  useEffect(() => {
    const box = element.current
    if (!box) return
    const mark = (event: Event) => {
      // A press on the box itself is one on its scrollbar; a press on a button in it (the jump
      // back down, say) is no reach for the scroll.
      if (event.type === 'pointerdown' && event.target !== box) return
      readerScrolledAt.current = performance.now()
    }
    let lastPageTop = scrollY
    const onPageScroll = () => {
      if (pageFollows.current && !scrollsItself(box)) judge(pageOverflow(box), scrollY, lastPageTop)
      lastPageTop = scrollY
    }
    const events = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const
    for (const name of events) box.addEventListener(name, mark, { passive: true })
    // Typing in the prompt is no reach for the page's scroll: only wheel and touch count there.
    for (const name of events.slice(0, 2)) window.addEventListener(name, mark, { passive: true })
    window.addEventListener('scroll', onPageScroll, { passive: true })
    return () => {
      for (const name of events) box.removeEventListener(name, mark)
      for (const name of events.slice(0, 2)) window.removeEventListener(name, mark)
      window.removeEventListener('scroll', onPageScroll)
    }
  }, [element, judge])

  const onScroll = useCallback(() => {
    const box = element.current
    if (!box) return
    judge(box.scrollHeight - box.scrollTop - box.clientHeight, box.scrollTop, lastTop.current)
    lastTop.current = box.scrollTop
  }, [element, judge])

  // Growth that changes no `content` (output expanding, late rendering) is followed too.
  const resizes = useRef<ResizeObserver | undefined>(undefined)
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => scheduleScroll())
    resizes.current = observer
    return () => {
      observer.disconnect()
      resizes.current = undefined
    }
  }, [scheduleScroll])

  useEffect(() => {
    const box = element.current
    // The box itself too: a notice below it, or a phone's keyboard, shrinks it over the newest text.
    // Its container grows with what comes below it (a permission prompt), which the page follows.
    if (box) for (const target of [box, box.parentElement, ...Array.from(box.children)]) if (target) resizes.current?.observe(target)
    scheduleScroll()
  }, [element, content, scheduleScroll])

  useEffect(
    () => () => {
      // Cleared as well as cancelled: React's development double mount runs this and then the
      // effects again, which must be able to schedule a frame.
      if (frame.current !== undefined) cancelAnimationFrame(frame.current)
      frame.current = undefined
    },
    []
  )

  const jumpToLatest = useCallback(() => {
    jumpedAt.current = performance.now()
    follow(true)
    // Only for a person using this chat (the focus is in it): an embed's autorun, or a conversation
    // opened again, leaves the page where the reader is.
    if (element.current?.parentElement?.matches(':focus-within')) pageFollows.current = true
    scrollToLatest()
  }, [element, follow, scrollToLatest])

  const release = useCallback(() => follow(false), [follow])

  return { onScroll, following, jumpToLatest, release }
}

function scrollsItself(box: HTMLElement): boolean {
  return box.scrollHeight > box.clientHeight + 1
}

// How far below the screen's bottom the box's column ends: its container ends with the prompt,
// which sticks to the screen's bottom, so the newest text shows just above it.
function pageOverflow(box: HTMLElement): number {
  return (box.parentElement ?? box).getBoundingClientRect().bottom - window.innerHeight
}
