// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { useLayoutEffect, type ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { IAgentHost } from '../../lib/host/agent-host.ts'
import { ReplayPanel } from './replay-panel.tsx'
import { createLongRun } from './run-events.fixtures.ts'

afterEach(cleanup)

// A full collection on demand: the flag exposes `gc` to contexts made after it is set.
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

// The panel reaches the host only when a button is pressed. Props stay the same objects from one
// render to the next, as the page's do, so the panel skips the renders that change nothing of it.
const host = {} as IAgentHost
const onImported = () => undefined

function panel(sessionId: string, sessionName: string, events: TExecutionEventEnvelope[]) {
  return <ReplayPanel host={host} sessionId={sessionId} sessionName={sessionName} events={events} running={false} onImported={onImported} />
}

// The event log lays out only the rows in its view, and happy-dom lays nothing out: the list gets
// a height so its rows render.
function giveTheEventListAHeight() {
  const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight') as PropertyDescriptor
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('event-log-scroll') ? 900 : 0
      }
    })
  })
  afterEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
  })
}

// Opens a long session's events in the panel, then switches to an empty one as the page does:
// the list names the new session before its view arrives, and the page renders again after.
// Returns a weak reference to the long session's events, which the test no longer holds.
function openThenSwitch(rerender: (ui: ReactNode) => void): WeakRef<TExecutionEventEnvelope[]> {
  const events = createLongRun('long', 50)
  rerender(panel('long', 'A long session', events))
  expect(screen.getByRole('complementary', { name: 'Replay events' }).querySelector('.count')?.textContent).toBe(String(events.length))
  rerender(panel('long', 'New session', events))
  return new WeakRef(events)
}

describe('ReplayPanel', () => {
  it('lets go of a closed session’s events once another session is open', async () => {
    const empty: TExecutionEventEnvelope[] = []
    const { rerender } = render(panel('first', 'New session', empty))
    const closed = openThenSwitch(rerender)
    const next: TExecutionEventEnvelope[] = []
    rerender(panel('next', 'New session', next))
    rerender(panel('next', 'New session', next))
    expect(screen.getByRole('complementary', { name: 'Replay events' }).querySelector('.count')?.textContent).toBe('0')

    // A weak reference holds its target until the current task ends.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    collectGarbage()
    expect(closed.deref()).toBeUndefined()
  })

  it('offers no export, share, verify or re-run while the session has no events, and says why', () => {
    const { rerender } = render(panel('fresh', 'New session', []))
    const replay = screen.getByRole('complementary', { name: 'Replay events' })
    const sessionButtons = ['Export JSONL', 'Share as HTML', 'Verify', 'Re-run offline'].map((name) => within(replay).getByRole('button', { name }))
    for (const button of sessionButtons) {
      expect(button).toHaveProperty('disabled', true)
      expect(button.title).toBe('This session has no events yet')
    }
    expect(within(replay).getByRole('button', { name: 'Import JSONL' })).toHaveProperty('disabled', false)

    rerender(panel('fresh', 'New session', createLongRun('fresh', 1)))
    for (const button of sessionButtons) {
      expect(button).toHaveProperty('disabled', false)
      expect(button.title).not.toBe('This session has no events yet')
    }
  })

  describe('a session opened with events', () => {
    giveTheEventListAHeight()

    it('counts them in its heading at once and draws them in a later render, after the page has drawn the rest', () => {
      const events = createLongRun('long', 20)
      // What the commit that mounts the panel wrote: read after its DOM is written.
      const atMount: Array<{ rows: number; pictured: boolean }> = []
      function AfterThePanel() {
        useLayoutEffect(() => {
          atMount.push({ rows: document.querySelectorAll('li.event-log-row').length, pictured: document.body.textContent?.includes('The last 8 of') === true })
        }, [])
        return null
      }
      render(
        <>
          {panel('long', 'A long session', events)}
          <AfterThePanel />
        </>
      )
      expect(atMount).toEqual([{ rows: 0, pictured: false }])
      const replay = screen.getByRole('complementary', { name: 'Replay events' })
      expect(replay.querySelector('.count')?.textContent).toBe(String(events.length))
      expect(replay.querySelectorAll('li.event-log-row').length).toBeGreaterThan(0)
      expect(within(replay).getByText(/^The last 8 of/).textContent).toBe('The last 8 of 20 turns.')
    })
  })

  describe('while the session’s earlier events are not loaded', () => {
    giveTheEventListAHeight()

    const loadEarlierEvents = async () => undefined
    const turnHeader = (prompt: string) => [...document.querySelectorAll('.turn-toggle')].find((button) => button.querySelector('.turn-prompt')?.textContent === prompt)

    it('names no turn by a number it does not know, and numbers the whole log as before once it is loaded', () => {
      // A window of the latest events: turns 17 to 36 of a session short enough for its log to render whole.
      const { rerender } = render(
        <ReplayPanel host={host} sessionId="long" sessionName="Long" events={createLongRun('long', 36, 17)} earlierEvents onLoadEarlierEvents={loadEarlierEvents} running={false} onImported={onImported} />
      )
      const replay = screen.getByRole('complementary', { name: 'Replay events' })
      expect(turnHeader('Question number 30')?.querySelector('.turn-name')?.textContent).toBe('Loaded turn 14')
      expect(within(replay).getByText(/^The last 8 of/).textContent).toBe('The last 8 of 20 loaded turns.')
      expect(within(replay).getByRole('img', { name: /^Tokens per turn/ }).getAttribute('aria-label')).toContain('; loaded turn 14, 1000 input')
      const labels = [...replay.querySelectorAll('[aria-label]')].map((element) => element.getAttribute('aria-label')).join(' ')
      expect(`${replay.textContent} ${labels}`).not.toMatch(/(?<!loaded )turn \d/i)

      rerender(<ReplayPanel host={host} sessionId="long" sessionName="Long" events={createLongRun('long', 36)} earlierEvents={false} onLoadEarlierEvents={loadEarlierEvents} running={false} onImported={onImported} />)
      expect(turnHeader('Question number 30')?.querySelector('.turn-name')?.textContent).toBe('Turn 30')
      expect(within(replay).getByText(/^The last 8 of/).textContent).toBe('The last 8 of 36 turns.')
      expect(within(replay).getByRole('img', { name: /^Tokens per turn/ }).getAttribute('aria-label')).toContain('; turn 30, 1000 input')
      expect(replay.textContent).not.toMatch(/loaded turn/i)
    })
  })
})
