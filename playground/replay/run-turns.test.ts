import { afterEach, describe, expect, it, vi } from 'vitest'
import { groupReplayEvents, ReplayEventGrouper } from './group-replay-events.ts'
import { createLongRun } from './run-events.fixtures.ts'
import { splitRunTurns } from './run-turns.ts'

// What the turns of `events` are, grouped from scratch.
function groupedAnew(events: Parameters<typeof groupReplayEvents>[0]) {
  return groupReplayEvents(events).map(({ executionId, turn, prompt, rounds }) => ({ executionId, turn, prompt, events: rounds.flatMap((round) => round.events) }))
}

describe('splitRunTurns', () => {
  afterEach(() => vi.restoreAllMocks())

  it('hands every reader of one list the same turns, grouped once', () => {
    const events = createLongRun('s1', 3)
    const added = vi.spyOn(ReplayEventGrouper.prototype, 'add')
    const turns = splitRunTurns(events)
    expect(splitRunTurns(events)).toBe(turns)
    expect(added).toHaveBeenCalledTimes(events.length)
    expect(turns).toEqual(groupedAnew(events))
  })

  it('groups only what a growing list added, and reads as a list grouped anew', () => {
    const whole = createLongRun('s1', 4)
    // Each list is the one before with events added, as the page's lists grow.
    const first = whole.slice(0, 9)
    const second = first.concat(whole.slice(9, 16))
    const lists = [first, second, second.concat(whole.slice(16))]
    const added = vi.spyOn(ReplayEventGrouper.prototype, 'add')
    for (const list of lists) expect(splitRunTurns(list)).toEqual(groupedAnew(list))
    // groupedAnew adds each list's events too: what splitRunTurns added is the rest.
    const byGroupedAnew = lists.reduce((sum, list) => sum + list.length, 0)
    expect(added.mock.calls.length - byGroupedAnew).toBe(whole.length)
  })

  it('groups anew a list that changed other than at its end, though it starts with the same event', () => {
    const whole = createLongRun('s1', 4)
    expect(splitRunTurns(whole.slice(0, 14)).map((turn) => turn.executionId)).toEqual(['x1', 'x2'])
    // Turn x2 and x3 gone from the middle: not the list before with events added.
    const changed = [...whole.slice(0, 7), ...whole.slice(21)]
    expect(splitRunTurns(changed)).toEqual(groupedAnew(changed))
    expect(splitRunTurns(changed).map((turn) => [turn.executionId, turn.turn])).toEqual([['x1', 1], ['x4', 2]])
  })
})
