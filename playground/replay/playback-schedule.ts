import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'

/** The longest a played-back run waits between two messages, however long the recorded pause. */
export const MAX_PLAYBACK_PAUSE_MS = 1500

/**
 * How long to wait before showing each message of a recorded session, from the `ts` of the
 * `history_mutation` append that committed it: the recorded pace, each pause capped at `maxPauseMs`.
 * Entry `i` is the wait before message `i`; the first message shows at once.
 */
export function playbackSchedule(events: readonly TExecutionEventEnvelope[], maxPauseMs = MAX_PLAYBACK_PAUSE_MS): number[] {
  const committedAt = new Map<number, number>()
  for (const event of events) {
    if (event.type !== 'history_mutation') continue
    const { index } = event.data as { index: number }
    if (!committedAt.has(index)) committedAt.set(index, event.ts)
  }
  const count = committedAt.size === 0 ? 0 : Math.max(...committedAt.keys()) + 1
  const delays: number[] = []
  let previous: number | undefined
  for (let index = 0; index < count; index += 1) {
    const at = committedAt.get(index)
    const pause = at === undefined || previous === undefined ? 0 : at - previous
    delays.push(Math.min(Math.max(pause, 0), maxPauseMs))
    if (at !== undefined) previous = at
  }
  return delays
}
