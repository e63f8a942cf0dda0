/**
 * A turn's name as the replay panel writes it mid-sentence: `turn 3`. While the session's earlier
 * events are not loaded, turns are counted from the first loaded one, so the name says
 * `loaded turn 3` rather than claim a place in the whole session. The events that opened the
 * session, recorded apart from any turn, are `session start`.
 */
export function turnName(turn: number, earlierEvents: boolean): string {
  // Turn 0 holds what opened the session (a fork's copy, a subagent's link, SessionStart hooks).
  if (turn === 0) return 'session start'
  return earlierEvents ? `loaded turn ${turn}` : `turn ${turn}`
}

/** {@link turnName} at the start of a label: `Turn 3`, `Loaded turn 3`, `Session start`. */
export function turnTitle(turn: number, earlierEvents: boolean): string {
  const name = turnName(turn, earlierEvents)
  return name.charAt(0).toUpperCase() + name.slice(1)
}

/** What a count of turns is of: `turns`, or `loaded turns` while earlier events are not loaded. */
export function turnsNoun(earlierEvents: boolean): string {
  return earlierEvents ? 'loaded turns' : 'turns'
}
