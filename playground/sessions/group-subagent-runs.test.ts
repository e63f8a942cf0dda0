import { describe, expect, it } from 'vitest'
import type { TSessionSummary } from '../../lib/storage/session-store.ts'
import { groupSubagentRuns } from './group-subagent-runs.ts'

const session = (id: string, parentSessionId?: string): TSessionSummary => ({
  id,
  name: id,
  createdAt: 1,
  updatedAt: 1,
  messageCount: 0,
  providerName: 'offline-demo',
  model: 'offline-demo',
  ...(parentSessionId ? { parentSessionId } : {})
})

describe('groupSubagentRuns', () => {
  it.each([
    ['no runs: every session a row', [session('a'), session('b')], [['a', []], ['b', []]]],
    ['runs fold under their parent, in listing order', [session('r2', 'p'), session('x'), session('p'), session('r1', 'p')], [['x', []], ['p', ['r2', 'r1']]]],
    ['a run whose parent is not listed stays a row', [session('r', 'gone'), session('a')], [['r', []], ['a', []]]],
    ['a run of a run stays a row, so nothing drops out', [session('p'), session('r', 'p'), session('rr', 'r')], [['p', ['r']], ['rr', []]]],
    ['links in a loop fold nothing', [session('a', 'b'), session('b', 'a'), session('c', 'c')], [['a', []], ['b', []], ['c', []]]]
  ])('%s', (_case, sessions, expected) => {
    expect(groupSubagentRuns(sessions).map((row) => [row.session.id, row.runs.map((run) => run.id)])).toEqual(expected)
  })
})
