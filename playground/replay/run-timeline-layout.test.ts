import { describe, expect, it } from 'vitest'
import { createRunEvents } from './run-events.fixtures.ts'
import { axisTicks, layoutRunTimeline } from './run-timeline-layout.ts'

// One turn: a model call that asks for `ls`, the tool, and a second model call that answers.
function recordedTurn() {
  const run = createRunEvents()
  run.prompt('x1', 1_000, 'List the files')
  run.request('x1', 1_000, 1)
  run.delta('x1', 1_100, 1, 'Let me look.')
  run.response('x1', 1_200, 1, 'Let me look.', 1)
  run.toolRequest('x1', 1_220, 1, 'call_1', 'Bash', { command: 'ls -la' })
  run.toolResult('x1', 1_340, 1, 'call_1', 'Bash', true, 'README.md')
  run.request('x1', 1_350, 2)
  run.response('x1', 1_600, 2, 'One file.')
  run.answer('x1', 1_600, 'One file.')
  return run
}

describe('layoutRunTimeline', () => {
  it('puts each round, model call and tool call on the turn’s time axis, durations from the events’ ts', () => {
    const [turn] = layoutRunTimeline(recordedTurn().events)
    expect(turn?.prompt).toBe('List the files')
    expect(turn?.durationMs).toBe(600)
    expect(turn?.bars.map((bar) => [bar.kind, bar.label, bar.startMs, bar.durationMs, bar.first.type])).toEqual([
      ['round', 'Round 1', 0, 340, 'provider_request'],
      ['provider', 'Model call', 0, 200, 'provider_request'],
      ['tool', 'Bash', 220, 120, 'tool_execution_request'],
      ['round', 'Round 2', 350, 250, 'provider_request'],
      ['provider', 'Model call', 350, 250, 'provider_request']
    ])
    const bash = turn?.bars[2]
    expect(bash?.offset).toBeCloseTo(220 / 600)
    expect(bash?.span).toBeCloseTo(120 / 600)
    expect(bash?.detail).toBe('ls -la (ok)')
    expect(turn?.bars[1]?.detail).toBe('claude-sonnet-4-6, 1 message in, 1 tool call out')
  })

  it('keeps turns apart, each on its own axis, numbered in the order they began', () => {
    const run = recordedTurn()
    run.prompt('x2', 90_000, 'Again')
    run.request('x2', 90_000, 1)
    run.response('x2', 90_050, 1, 'Done.')
    const turns = layoutRunTimeline(run.events)
    expect(turns.map((turn) => [turn.turn, turn.prompt, turn.durationMs])).toEqual([
      [1, 'List the files', 600],
      [2, 'Again', 50]
    ])
    expect(turns[1]?.bars[1]).toMatchObject({ kind: 'provider', offset: 0, span: 1 })
  })

  it('marks a failed tool call and a call still open', () => {
    const run = createRunEvents()
    run.request('x1', 0, 1)
    run.response('x1', 10, 1, '', 2)
    run.toolRequest('x1', 10, 1, 'a', 'Bash', { command: 'false' })
    run.toolResult('x1', 30, 1, 'a', 'Bash', false)
    run.toolRequest('x1', 30, 1, 'b', 'Read', { filePath: 'notes.txt' })
    run.request('x1', 40, 2)
    const bars = layoutRunTimeline(run.events)[0]?.bars ?? []
    expect(bars.map((bar) => [bar.label, bar.failed, bar.open])).toEqual([
      ['Round 1', true, true],
      ['Model call', false, false],
      ['Bash', true, false],
      ['Read', false, true],
      ['Round 2', false, true],
      ['Model call', false, true]
    ])
    expect(bars[2]?.detail).toBe('false (failed: exit 1)')
  })

  it('marks a model call that failed as failed, not as still running', () => {
    const run = createRunEvents()
    run.request('x1', 0, 1)
    run.add('x1', 700, 'assistant_message_committed', { message: { id: 'a', state: 'complete', timestamp: 0, role: 'assistant', content: 'Error: the model provider failed: 529', metadata: { error: true } } }, 1)
    const [round, call] = layoutRunTimeline(run.events)[0]?.bars ?? []
    expect(call).toMatchObject({ label: 'Model call', durationMs: 700, failed: true, open: false, detail: 'claude-sonnet-4-6, 1 message in, the provider failed' })
    expect(round).toMatchObject({ failed: true, open: false })
  })

  it('starts a tool call that waited for approval at the answer, and says how long it waited', () => {
    const run = createRunEvents()
    run.request('x1', 0, 1)
    run.response('x1', 100, 1, '', 1)
    run.toolRequest('x1', 110, 1, 'call_1', 'Bash', { command: 'cat README.md' })
    run.add('x1', 120, 'permission_request', { toolName: 'Bash', toolCallId: 'call_1', parameters: { command: 'cat README.md' }, mode: 'default' }, 1)
    const waiting = layoutRunTimeline(run.events)[0]?.bars[2]
    expect(waiting).toMatchObject({ label: 'Bash', open: true, detail: 'cat README.md (waiting for approval)' })
    run.add('x1', 4_120, 'permission_decision', { toolName: 'Bash', toolCallId: 'call_1', decision: 'allow', source: 'handler', mode: 'default' }, 1)
    run.toolResult('x1', 4_170, 1, 'call_1', 'Bash', true, '# Tiny Calculator')
    const bash = layoutRunTimeline(run.events)[0]?.bars[2]
    expect(bash).toMatchObject({ startMs: 4_120, durationMs: 50, detail: 'cat README.md (ok, after 4 s waiting for approval)' })
    expect(bash?.first.type).toBe('tool_execution_request')
  })

  it('draws no timeline for a turn without rounds, such as a fork’s opening, and keeps the others’ numbers', () => {
    const run = recordedTurn()
    run.add('fork', 2_000, 'permission_decision', { toolName: 'Bash', toolCallId: 'call_1', decision: 'allow', source: 'session_rule', mode: 'default' })
    run.prompt('x3', 3_000, 'Next')
    run.request('x3', 3_000, 1)
    run.response('x3', 3_020, 1, 'Done.')
    expect(layoutRunTimeline(run.events).map((turn) => [turn.turn, turn.prompt])).toEqual([
      [1, 'List the files'],
      [3, 'Next']
    ])
  })

  it('gives a turn whose events share one millisecond bars of no length, not a division by zero', () => {
    const run = createRunEvents()
    run.request('x1', 5, 1)
    run.response('x1', 5, 1, 'Hi.')
    const [turn] = layoutRunTimeline(run.events)
    expect(turn?.bars.every((bar) => bar.offset === 0 && bar.span === 0)).toBe(true)
    expect(turn?.ticks).toEqual([{ offset: 0, label: '0' }])
  })
})

describe('axisTicks', () => {
  it.each([
    [600, ['0', '200 ms', '400 ms', '600 ms']],
    [1_234, ['0', '500 ms', '1 s']],
    [9, ['0', '5 ms']],
    [45_000, ['0', '20 s', '40 s']]
  ])('marks %i ms at round steps', (duration, labels) => {
    const ticks = axisTicks(duration)
    expect(ticks.map((tick) => tick.label)).toEqual(labels)
    expect(ticks.every((tick) => tick.offset >= 0 && tick.offset <= 1)).toBe(true)
  })
})
