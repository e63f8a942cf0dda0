// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { IAgentHost } from '../../lib/host/agent-host.ts'
import { ReplayPanel } from './replay-panel.tsx'
import { createRunEvents } from './run-events.fixtures.ts'

afterEach(cleanup)

// A full collection on demand: the flag exposes `gc` to contexts made after it is set.
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

// The panel reaches the host only when a button is pressed. Props stay the same objects from one
// render to the next, as the page's do, so the panel skips the renders that change nothing of it.
const host = {} as IAgentHost
const onImported = () => undefined

function longRun(sessionId: string, turns: number): TExecutionEventEnvelope[] {
  const run = createRunEvents(sessionId)
  for (let turn = 1; turn <= turns; turn++) {
    const executionId = `x${turn}`
    run.prompt(executionId, turn * 1_000, `Prompt ${turn}`)
    run.request(executionId, turn * 1_000, 1)
    run.delta(executionId, turn * 1_000 + 10, 1, 'Listing')
    run.response(executionId, turn * 1_000 + 20, 1, 'Listing.', 1, { inputTokens: 1_000, outputTokens: 20 })
    run.toolRequest(executionId, turn * 1_000 + 30, 1, `call_${turn}`, 'Bash', { command: 'ls' })
    run.toolResult(executionId, turn * 1_000 + 40, 1, `call_${turn}`, 'Bash', true, 'README.md')
    run.answer(executionId, turn * 1_000 + 50, `Turn ${turn} done.`)
  }
  return run.events
}

function panel(sessionId: string, sessionName: string, events: TExecutionEventEnvelope[]) {
  return <ReplayPanel host={host} sessionId={sessionId} sessionName={sessionName} events={events} running={false} onImported={onImported} />
}

// Opens a long session's events in the panel, then switches to an empty one as the page does:
// the list names the new session before its view arrives, and the page renders again after.
// Returns a weak reference to the long session's events, which the test no longer holds.
function openThenSwitch(rerender: (ui: ReactNode) => void): WeakRef<TExecutionEventEnvelope[]> {
  const events = longRun('long', 50)
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
})
