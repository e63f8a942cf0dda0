import { describe, expect, it } from 'vitest'
import { turnName, turnsNoun, turnTitle } from './turn-name.ts'

describe('turnName', () => {
  it('names a turn by its place in the session when the whole log is loaded', () => {
    expect([turnName(24, false), turnTitle(24, false), turnsNoun(false)]).toEqual(['turn 24', 'Turn 24', 'turns'])
  })

  it('says the count starts at the first loaded turn while earlier events are not loaded', () => {
    expect([turnName(24, true), turnTitle(24, true), turnsNoun(true)]).toEqual(['loaded turn 24', 'Loaded turn 24', 'loaded turns'])
  })

  it('names what opened the session, which is no turn, the session start', () => {
    expect([turnName(0, false), turnTitle(0, true)]).toEqual(['session start', 'Session start'])
  })
})
