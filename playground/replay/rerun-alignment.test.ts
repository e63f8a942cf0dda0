import { describe, expect, it } from 'vitest'
import { createRunEvents } from './run-events.fixtures.ts'
import { alignRerun } from './rerun-alignment.ts'

// A turn that lists the workspace and answers from what `ls` printed.
function listingRun(listing: string, answer = `It holds ${listing}.`, sessionId = 'recorded') {
  const run = createRunEvents(sessionId)
  run.prompt('x1', 0, 'What is here?')
  run.request('x1', 1, 1, 'offline-demo')
  run.delta('x1', 2, 1, 'Listing.')
  run.response('x1', 3, 1, 'Listing.', 1)
  run.toolRequest('x1', 4, 1, 'call_1', 'Bash', { command: 'ls' })
  run.toolResult('x1', 90, 1, 'call_1', 'Bash', true, listing)
  run.request('x1', 91, 2, 'offline-demo')
  run.response('x1', 95, 2, answer)
  run.answer('x1', 96, answer)
  return run.events
}

describe('alignRerun', () => {
  it('finds no difference when the re-run did the same, whatever its times and session', () => {
    const alignment = alignRerun(listingRun('README.md'), listingRun('README.md', undefined, 'recorded:rerun'))
    expect(alignment.differs).toBe(false)
    expect(alignment.firstDifference).toBeUndefined()
    // Deltas are not compared: 8 events a side, all folded away with no difference to show.
    expect(alignment.recordedCount).toBe(8)
    expect(alignment.rows).toEqual([{ kind: 'folded', count: 8 }])
  })

  it('sets the two sequences side by side from the first divergence, differing rows paired', () => {
    const alignment = alignRerun(listingRun('README.md notes.txt'), listingRun('README.md'), 1)
    expect(alignment.differs).toBe(true)
    expect(alignment.firstDifference).toMatchObject({ kind: 'changed' })
    const first = alignment.firstDifference?.kind === 'changed' ? alignment.firstDifference : undefined
    expect(first?.recorded.text).toBe('tool_execution_result Bash ok: README.md notes.txt')
    expect(first?.rerun.text).toBe('tool_execution_result Bash ok: README.md')
    expect(first?.recorded.event.seq).toBe(5)
    expect(alignment.rows.map((row) => row.kind)).toEqual(['folded', 'same', 'changed', 'same', 'changed', 'changed'])
    expect(alignment.rows[0]).toEqual({ kind: 'folded', count: 3 })
  })

  it('keeps events one side has and the other lacks on their own rows', () => {
    const recorded = listingRun('README.md')
    // The re-run stopped at the second model call: the answer never came.
    const rerun = listingRun('README.md', undefined, 'recorded:rerun').slice(0, 7)
    const alignment = alignRerun(recorded, rerun, 0)
    expect(alignment.rows.map((row) => row.kind)).toEqual(['folded', 'recorded-only', 'recorded-only'])
    expect(alignment.firstDifference).toMatchObject({ kind: 'recorded-only', recorded: { text: 'provider_response_normalized assistant: It holds README.md.' } })
  })
})
