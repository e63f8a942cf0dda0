import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { EventRow, RoundHeader, TurnHeader } from './replay-row.tsx'
import { isFocusableRow, nextFocusableRow, type TReplayRow } from './replay-rows.ts'
import { useAdoptedStylesheet } from '../shell/adopted-stylesheet.ts'
import styles from './replay-timeline.css?inline'

type TReplayTimelineProps = {
  rows: readonly TReplayRow[]
  selectedSeq: number | undefined
  onSelect: (event: TExecutionEventEnvelope) => void
  onToggleTurn: (executionId: string) => void
  /** True while the session has events before the rows' that are not loaded: turns are counted from the first loaded one. */
  earlierEvents: boolean
}

/** Heights in pixels, fixed by the stylesheet: rows are placed by arithmetic, never measured. */
export const REPLAY_ROW_HEIGHTS: Record<TReplayRow['kind'], number> = { turn: 30, round: 22, event: 24 }

// A session this short is rendered whole (so the browser's find-in-page sees every row); a longer
// one keeps only the rows in view and this many beyond each edge, so a quick scroll finds rows ready.
const WHOLE_LIST_ROWS = 400
const OVERSCAN_ROWS = 40

/**
 * The event log as one windowed list: only the rows near the view are in the DOM. Rows are
 * buttons with one tab stop; arrows, Page Up/Down, Home and End move between them, and Left/Right
 * fold a turn. The selected event is scrolled into view whenever its place in the list changes.
 */
export const ReplayTimeline = memo(function ReplayTimeline({ rows, selectedSeq, onSelect, onToggleTurn, earlierEvents }: TReplayTimelineProps) {
  const scrollElement = useRef<HTMLDivElement>(null)
  const adoptStyles = useAdoptedStylesheet(styles)
  // The stylesheet bounds the list's height, so it must be in place before the virtualizer first
  // measures the list (in this component's layout effect, which runs after this ref but before an
  // ancestor's). Unbounded, the list is as tall as its rows and the first render holds all of them.
  const attachScrollElement = useCallback(
    (element: HTMLDivElement | null) => {
      scrollElement.current = element
      adoptStyles(element)
    },
    [adoptStyles]
  )
  // Stable while the rows are: a new `getItemKey` makes the virtualizer lay out every row again.
  const estimateSize = useCallback((index: number) => REPLAY_ROW_HEIGHTS[rows[index]?.kind ?? 'event'], [rows])
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows])
  const [activeKey, setActiveKey] = useState<string | undefined>()
  const activeIndex = useMemo(() => (activeKey === undefined ? -1 : rows.findIndex((row) => row.key === activeKey)), [rows, activeKey])
  // The row holding the list's tab stop stays rendered while scrolled away, so a focused row keeps
  // focus when the wheel scrolls it out of view, and Tab comes back to it.
  const rangeExtractor = useCallback((range: Range) => withIndex(defaultRangeExtractor(range), activeIndex), [activeIndex])
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement.current,
    estimateSize,
    getItemKey,
    rangeExtractor,
    overscan: rows.length <= WHOLE_LIST_ROWS ? WHOLE_LIST_ROWS : OVERSCAN_ROWS,
    // Scroll updates render in the next frame rather than synchronously inside the scroll event.
    useFlushSync: false
  })
  const pendingFocus = useRef<string | undefined>(undefined)

  const selectedIndex = useMemo(
    () => (selectedSeq === undefined ? -1 : rows.findIndex((row) => row.kind === 'event' && row.event.seq === selectedSeq)),
    [rows, selectedSeq]
  )
  const rowButton = (key: string) => scrollElement.current?.querySelector<HTMLButtonElement>(`li[data-key="${CSS.escape(key)}"] button`) ?? undefined
  const selectedKey = selectedIndex >= 0 ? rows[selectedIndex]?.key : undefined
  useEffect(() => {
    if (selectedIndex < 0) return
    virtualizer.scrollToIndex(selectedIndex, { align: 'auto' })
    // The inspector a selection opens sticks to the panel's bottom (the panel's scroll padding
    // keeps clear of it): the panel scrolls so the selected row stays above it.
    if (selectedKey !== undefined) rowButton(selectedKey)?.scrollIntoView({ block: 'nearest' })
  }, [selectedIndex, selectedKey, virtualizer])

  const items = virtualizer.getVirtualItems()
  const tabStopKey = chooseTabStop(rows, items.map((item) => item.index), activeKey ?? (selectedIndex >= 0 ? rows[selectedIndex]?.key : undefined), virtualizer.range?.startIndex ?? 0)

  const focusRow = (key: string): boolean => {
    const button = rowButton(key)
    // Focus scrolls the panel around the list too, so the row is on screen and not only in the list.
    button?.focus()
    return button !== undefined
  }
  // A row reached by the keyboard from outside the window renders once the scroll lands: focus it then.
  useLayoutEffect(() => {
    if (pendingFocus.current !== undefined && focusRow(pendingFocus.current)) pendingFocus.current = undefined
  })

  const moveTo = (index: number) => {
    const row = rows[index]
    if (!row || !isFocusableRow(row)) return
    setActiveKey(row.key)
    virtualizer.scrollToIndex(index, { align: 'auto' })
    pendingFocus.current = focusRow(row.key) ? undefined : row.key
  }

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const index = indexOfTarget(event.target)
    const row = rows[index]
    if (!row) return
    const page = Math.max(1, (virtualizer.range?.endIndex ?? 0) - (virtualizer.range?.startIndex ?? 0))
    const firstFocusable = rows.findIndex(isFocusableRow)
    const moves: Record<string, () => number | undefined> = {
      ArrowDown: () => nextFocusableRow(rows, index, 1),
      ArrowUp: () => nextFocusableRow(rows, index, -1),
      PageDown: () => nextFocusableRow(rows, Math.min(rows.length, index + page) - 1, 1),
      PageUp: () => nextFocusableRow(rows, Math.max(0, index - page) + 1, -1),
      Home: () => firstFocusable,
      End: () => nextFocusableRow(rows, rows.length, -1),
      ArrowLeft: () => (row.kind === 'turn' ? fold(row.executionId, !row.collapsed) : turnHeaderBefore(rows, index)),
      ArrowRight: () => (row.kind === 'turn' ? fold(row.executionId, row.collapsed) : undefined)
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    const next = move()
    if (next !== undefined && next >= 0) moveTo(next)
  }

  const fold = (executionId: string, when: boolean) => {
    if (when) onToggleTurn(executionId)
    return undefined
  }

  const onFocus = (event: FocusEvent<HTMLOListElement>) => {
    const row = rows[indexOfTarget(event.target)]
    if (row && row.key !== activeKey) setActiveKey(row.key)
  }

  return (
    <div ref={attachScrollElement} className="timeline event-log-scroll">
      <ol aria-label="Events" hidden={rows.length === 0} style={{ height: virtualizer.getTotalSize() }} onKeyDown={onKeyDown} onFocus={onFocus}>
        {items.map((item) => {
          const row = rows[item.index] as TReplayRow
          return (
            <li
              key={item.key}
              data-index={item.index}
              data-key={row.key}
              data-type={row.kind === 'event' ? row.event.type : undefined}
              className={`event-log-row ${row.kind}-row`}
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {row.kind === 'turn' ? <TurnHeader row={row} earlierEvents={earlierEvents} tabStop={tabStopKey === row.key} onToggle={onToggleTurn} /> : null}
              {row.kind === 'round' ? <RoundHeader row={row} /> : null}
              {row.kind === 'event' ? (
                <EventRow
                  event={row.event}
                  sinceTurnStartMs={row.sinceTurnStartMs}
                  durationMs={row.durationMs}
                  selected={row.event.seq === selectedSeq}
                  tabStop={tabStopKey === row.key}
                  onSelect={onSelect}
                />
              ) : null}
            </li>
          )
        })}
      </ol>
    </div>
  )
})

function withIndex(indices: number[], index: number): number[] {
  if (index < 0 || indices.includes(index)) return indices
  return [...indices, index].sort((left, right) => left - right)
}

function indexOfTarget(target: EventTarget): number {
  const item = target instanceof Element ? target.closest('li[data-index]') : null
  return item ? Number(item.getAttribute('data-index')) : -1
}

function turnHeaderBefore(rows: readonly TReplayRow[], index: number): number {
  for (let at = index - 1; at >= 0; at--) if (rows[at]?.kind === 'turn') return at
  return -1
}

// The list keeps one tab stop: the row last focused or selected while it is rendered, else the
// first focusable row in view, so Tab always lands inside the window.
function chooseTabStop(rows: readonly TReplayRow[], rendered: readonly number[], preferred: string | undefined, firstInView: number): string | undefined {
  let fallback: string | undefined
  for (const index of rendered) {
    const row = rows[index]
    if (!row || !isFocusableRow(row)) continue
    if (row.key === preferred) return row.key
    if (fallback === undefined && index >= firstInView) fallback = row.key
  }
  return fallback
}
