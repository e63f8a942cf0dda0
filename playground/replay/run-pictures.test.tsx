// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import type { TReplayRerunReport } from '../../lib/session/replay-rerun.ts'
import { createLongRun, createRunEvents } from './run-events.fixtures.ts'
import { RunPictures } from './run-pictures.tsx'

afterEach(cleanup)

function listingRun(listing: string, sessionId = 'recorded') {
  const run = createRunEvents(sessionId)
  run.prompt('x1', 1_000, 'What is here?')
  run.request('x1', 1_000, 1, 'claude-sonnet-4-6')
  run.response('x1', 1_200, 1, 'Listing.', 1, { inputTokens: 1_000, outputTokens: 20 })
  run.toolRequest('x1', 1_220, 1, 'call_1', 'Bash', { command: 'ls' })
  run.toolResult('x1', 1_340, 1, 'call_1', 'Bash', true, listing)
  run.request('x1', 1_350, 2, 'claude-sonnet-4-6')
  run.response('x1', 1_600, 2, `It holds ${listing}.`, 0, { inputTokens: 1_100, outputTokens: 20 })
  return run.events
}

const report: TReplayRerunReport = { matches: false, prompts: 1, recordedCalls: 2, replayedCalls: 1, recordedMessages: 4, replayedMessages: 3 }

describe('RunPictures', () => {
  it('draws each call as a named bar that selects its first event, and the turn’s tokens and cost', () => {
    const events = listingRun('README.md')
    const selected: TExecutionEventEnvelope[] = []
    render(<RunPictures events={events} selectedSeq={undefined} onSelect={(event) => void selected.push(event)} rerun={undefined} earlierEvents={false} />)
    const timeline = screen.getByRole('region', { name: 'Run timeline' })
    fireEvent.click(within(timeline).getByRole('button', { name: 'Bash, 120 ms' }))
    expect(selected.map((event) => event.type)).toEqual(['tool_execution_request'])
    expect(within(timeline).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Round 1, 340 ms',
      'Model call, 200 ms',
      'Bash, 120 ms',
      'Round 2, 250 ms',
      'Model call, 250 ms'
    ])
    // 2,100 × $3 + 40 × $15 per million tokens is $0.0069.
    expect(screen.getByRole('img', { name: /^Tokens per turn/ }).getAttribute('aria-label')).toBe('Tokens per turn: turn 1, 2100 input and 40 output tokens, $0.0069.')
  })

  it('is one tab stop: the arrows, Home and End move among the bars of every turn, and a bar still opens its event', () => {
    const run = createRunEvents('two turns')
    for (const [executionId, start] of [['x1', 1_000], ['x2', 5_000]] as const) {
      run.prompt(executionId, start, 'What is here?')
      run.request(executionId, start, 1, 'claude-sonnet-4-6')
      run.response(executionId, start + 200, 1, 'Nothing.', 0, { inputTokens: 1_000, outputTokens: 20 })
    }
    const selected: TExecutionEventEnvelope[] = []
    render(<RunPictures events={run.events} selectedSeq={undefined} onSelect={(event) => void selected.push(event)} rerun={undefined} earlierEvents={false} />)
    const bars = within(screen.getByRole('region', { name: 'Run timeline' })).getAllByRole('button')
    const tabStops = () => bars.filter((bar) => bar.tabIndex === 0).map((bar) => bars.indexOf(bar))
    const focused = () => bars.indexOf(document.activeElement as HTMLElement)
    expect(bars).toHaveLength(4)
    expect(tabStops()).toEqual([0])

    bars[0]?.focus()
    for (const [key, expected] of [['ArrowDown', 1], ['ArrowRight', 2], ['ArrowDown', 3], ['ArrowDown', 3], ['ArrowUp', 2], ['ArrowLeft', 1], ['End', 3], ['Home', 0], ['ArrowUp', 0]] as const) {
      fireEvent.keyDown(document.activeElement as Element, { key })
      expect([key, focused()]).toEqual([key, expected])
      expect(tabStops()).toEqual([expected])
    }
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' })
    fireEvent.click(document.activeElement as Element)
    expect(selected.map((event) => [event.executionId, event.type])).toEqual([['x2', 'provider_request']])
  })

  it('keeps the selected bar as the tab stop until another bar has the keyboard', () => {
    const events = listingRun('README.md')
    const toolRequest = events.find((event) => event.type === 'tool_execution_request')
    render(<RunPictures events={events} selectedSeq={toolRequest?.seq} onSelect={() => undefined} rerun={undefined} earlierEvents={false} />)
    const timeline = screen.getByRole('region', { name: 'Run timeline' })
    expect(within(timeline).getAllByRole('button').filter((bar) => bar.tabIndex === 0).map((bar) => bar.getAttribute('aria-label'))).toEqual(['Bash, 120 ms'])
  })

  it('sets a differing re-run beside the recording, from its first difference', () => {
    const rerun = listingRun('src', 'recorded:rerun')
    render(<RunPictures events={listingRun('README.md')} selectedSeq={undefined} onSelect={() => undefined} rerun={{ ...report, divergence: 'Replay diverged at call 2', events: rerun }} earlierEvents={false} />)
    const compared = screen.getByRole('region', { name: 'Recording and re-run compared' })
    expect(within(compared).getByText(/^First difference/).parentElement?.textContent).toBe('First difference at recorded event #4, re-run event #4: Replay diverged at call 2')
    const differing = within(compared).getAllByRole('row').filter((row) => row.className === 'changed')
    expect(differing.map((row) => row.textContent)).toEqual([
      '≠differsrecorded event #4 tool_execution_result Bash ok: README.mdre-run event #4 tool_execution_result Bash ok: src',
      '≠differsrecorded event #6 provider_response_normalized assistant: It holds README.md.re-run event #6 provider_response_normalized assistant: It holds src.'
    ])
  })

  it('says so when the re-run matches the recording', () => {
    render(<RunPictures events={listingRun('README.md')} selectedSeq={undefined} onSelect={() => undefined} rerun={{ ...report, matches: true, replayedCalls: 2, replayedMessages: 4 }} earlierEvents={false} />)
    expect(screen.getByRole('region', { name: 'Recording and re-run compared' }).textContent).toContain('Nothing differs.')
    expect(screen.queryByRole('table', { name: /side by side/ })).toBeNull()
  })

  it('says there is nothing to count while no model has answered', () => {
    const run = createRunEvents('failed')
    run.prompt('x1', 1_000, 'What is here?')
    run.request('x1', 1_000, 1, 'claude-sonnet-4-6')
    render(<RunPictures events={run.events} selectedSeq={undefined} onSelect={() => undefined} rerun={undefined} earlierEvents={false} />)
    expect(screen.getByRole('region', { name: 'Tokens and cost per turn' }).textContent).toContain('No model has answered yet')
  })

  it('says there is nothing to draw before a model or tool call, as a fork holds before its first turn', () => {
    const run = createRunEvents('fork')
    run.prompt('x1', 1_000, 'What is here?')
    render(<RunPictures events={run.events} selectedSeq={undefined} onSelect={() => undefined} rerun={undefined} earlierEvents={false} />)
    expect(screen.getByRole('region', { name: 'Run timeline' }).textContent).toContain('No model or tool call yet')
  })

  it('counts turns from the first loaded one while earlier events are not loaded', () => {
    // Turns 20 to 50 of a 50-turn session: the turn asking question 43 is the 24th loaded.
    render(<RunPictures events={createLongRun('long', 50, 20)} selectedSeq={undefined} onSelect={() => undefined} rerun={undefined} earlierEvents />)
    const timeline = screen.getByRole('region', { name: 'Run timeline' })
    expect(within(timeline).getByText(/^The last/).textContent).toBe('The last 8 of 31 loaded turns.')
    expect(within(timeline).getByRole('group', { name: /Question number 43/ }).querySelector('.run-turn-title span')?.textContent).toBe('Timeline of loaded turn 24')
    const usage = screen.getByRole('region', { name: 'Tokens and cost per turn' })
    expect(within(usage).getByRole('img').getAttribute('aria-label')).toMatch(/^Tokens per turn: loaded turn 20, 1000 input and 20 output tokens, \$0\.0033; loaded turn 21, /)
    expect([...usage.querySelectorAll('.usage-turn')].map((label) => label.textContent).slice(0, 2)).toEqual(['Loaded turn 20', 'Loaded turn 21'])
    expect(within(usage).getAllByRole('columnheader')[0]?.textContent).toBe('Loaded turn')
    // No turn is named by a number that would be its place in the session.
    expect(timeline.textContent).not.toMatch(/(?<!loaded )turn \d/i)
    expect(usage.textContent).not.toMatch(/(?<!loaded )turn \d/i)
  })

  it('counts turns from the session’s first once its whole log is loaded', () => {
    render(<RunPictures events={createLongRun('long', 50)} selectedSeq={undefined} onSelect={() => undefined} rerun={undefined} earlierEvents={false} />)
    const timeline = screen.getByRole('region', { name: 'Run timeline' })
    expect(within(timeline).getByText(/^The last/).textContent).toBe('The last 8 of 50 turns.')
    expect(within(timeline).getByRole('group', { name: /Question number 43/ }).querySelector('.run-turn-title span')?.textContent).toBe('Timeline of turn 43')
    const usage = screen.getByRole('region', { name: 'Tokens and cost per turn' })
    expect(within(usage).getByRole('img').getAttribute('aria-label')).toMatch(/^Tokens per turn: turn 39, 1000 input and 20 output tokens, \$0\.0033; turn 40, /)
    expect([...usage.querySelectorAll('.usage-turn')].map((label) => label.textContent).slice(0, 2)).toEqual(['Turn 39', 'Turn 40'])
    expect(within(usage).getAllByRole('columnheader')[0]?.textContent).toBe('Turn')
    expect(`${timeline.textContent} ${usage.textContent}`).not.toMatch(/loaded/i)
  })
})
