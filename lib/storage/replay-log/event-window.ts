import { assertWholeNumber } from '../../core/assert-whole-number.ts'
import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import type { TEventWindow } from '../session-store.ts'
import { toEnvelope, type TStoredReplayEvent } from './stored-replay-event.ts'

/**
 * Checks what `loadEventWindow` was asked for, before any store reads.
 * @throws ValidationError naming the field that is not a whole number in range.
 */
export function assertEventWindow(window: TEventWindow): void {
  const { count, beforeSeq } = (window ?? {}) as Partial<TEventWindow>
  assertWholeNumber('loadEventWindow(): count', count, 1)
  if (beforeSeq !== undefined) assertWholeNumber('loadEventWindow(): beforeSeq', beforeSeq, 0)
}

/**
 * The events of a whole stored log (in `seq` order) that `window` asks for, as envelopes in the
 * form the log records them: for stores that hold the log in one piece.
 */
export function selectEventWindow(stored: readonly TStoredReplayEvent[], window: TEventWindow): TExecutionEventEnvelope[] {
  assertEventWindow(window)
  const end = window.beforeSeq === undefined ? stored.length : firstIndexAtOrAfter(stored, window.beforeSeq)
  return stored.slice(Math.max(0, end - window.count), end).map(toEnvelope)
}

// Binary search: logs are in `seq` order.
function firstIndexAtOrAfter(stored: readonly TStoredReplayEvent[], seq: number): number {
  let low = 0
  let high = stored.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((stored[middle] as TStoredReplayEvent).seq < seq) low = middle + 1
    else high = middle
  }
  return low
}
