import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { createLargeReplayEvents } from './large-replay-log.ts'
import { ReplayEventLog } from '../../playground/replay/replay-event-log.tsx'

// The playground's event log alone, with its own stylesheet, at the size the side panel gives it,
// over a generated session: what the browser spec and the scroll bench load.

function BenchEventLog({ events }: { events: readonly TExecutionEventEnvelope[] }) {
  const [selected, setSelected] = useState<TExecutionEventEnvelope | undefined>()
  return (
    <div className="robota-root" style={{ width: 460, height: 900 }}>
      <aside className="replay tab-panel" aria-label="Replay events">
        <ReplayEventLog events={events} selectedSeq={selected?.seq} onSelect={setSelected} earlierEvents={false} />
      </aside>
    </div>
  )
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))

/** What one pass from the top of the list to its end saw. */
export type TReplayScrollPass = { frameMilliseconds: number[]; longTaskMilliseconds: number[]; mostRows: number; lastEventShown: boolean; steps: number }

/** What mounting the log put in the DOM: the events, the rows once settled, and the most rows at any moment before. */
export type TEventLogMount = { events: number; rows: number; mostRowsWhileMounting: number }

/** Renders the log of a generated session under the playground's stylesheet (its text, `styles`). */
async function mount(turns: number, eventsPerTurn: number, styles: string): Promise<TEventLogMount> {
  const style = document.createElement('style')
  style.textContent = styles
  document.head.append(style)
  const events = createLargeReplayEvents({ sessionId: 'bench', turns, eventsPerTurn })
  const host = document.createElement('div')
  document.body.append(host)
  // Every batch of DOM changes is counted, so a first render that briefly holds every row shows.
  let mostRowsWhileMounting = 0
  const countRows = () => host.querySelectorAll('li.event-log-row').length
  const observer = new MutationObserver(() => {
    mostRowsWhileMounting = Math.max(mostRowsWhileMounting, countRows())
  })
  observer.observe(host, { childList: true, subtree: true })
  createRoot(host).render(<BenchEventLog events={events} />)
  while (!document.querySelector('li.event-log-row')) await nextFrame()
  await nextFrame()
  observer.disconnect()
  return { events: events.length, rows: countRows(), mostRowsWhileMounting }
}

/** Scrolls the list from top to bottom, `viewportsPerFrame` of its height each frame, watching frames and long tasks. */
async function scrollThrough(viewportsPerFrame: number): Promise<TReplayScrollPass> {
  const scroller = document.querySelector<HTMLElement>('.event-log-scroll')
  if (!scroller) throw new Error('The event log is not on the page.')
  const longTaskMilliseconds: number[] = []
  const observer = new PerformanceObserver((list) => longTaskMilliseconds.push(...list.getEntries().map((entry) => entry.duration)))
  observer.observe({ type: 'longtask' })
  const frameMilliseconds: number[] = []
  let mostRows = 0
  let steps = 0
  let last = await nextFrame()
  while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
    scroller.scrollTop += scroller.clientHeight * viewportsPerFrame
    steps++
    const now = await nextFrame()
    frameMilliseconds.push(now - last)
    last = now
    mostRows = Math.max(mostRows, scroller.querySelectorAll('li.event-log-row').length)
  }
  // Two more frames let the last scroll render before the end is checked.
  for (let frame = 0; frame < 2; frame++) {
    const now = await nextFrame()
    frameMilliseconds.push(now - last)
    last = now
  }
  longTaskMilliseconds.push(...observer.takeRecords().map((entry) => entry.duration))
  observer.disconnect()
  const lastRow = [...scroller.querySelectorAll('li.event-row')].at(-1)
  const lastEventShown = Boolean(lastRow && lastRow.getBoundingClientRect().bottom <= scroller.getBoundingClientRect().bottom + 1 && lastRow.textContent?.includes('#'))
  return { frameMilliseconds, longTaskMilliseconds, mostRows, lastEventShown, steps }
}

declare global {
  interface Window {
    robotaEventLogPage: { mount: typeof mount; scrollThrough: typeof scrollThrough }
  }
}

window.robotaEventLogPage = { mount, scrollThrough }
