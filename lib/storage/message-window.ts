import { assertWholeNumber } from '../core/assert-whole-number.ts'
import type { TMessageWindow, TSessionRecord, TStoredMessageWindow } from './session-store.ts'
import { toSessionSummary } from './session-summary.ts'

/**
 * Checks what `loadMessageWindow` was asked for, before any store reads.
 * @throws ValidationError naming the field that is not a whole number in range.
 */
export function assertMessageWindow(window: TMessageWindow): void {
  const { count, beforeIndex } = (window ?? {}) as Partial<TMessageWindow>
  assertWholeNumber('loadMessageWindow(): count', count, 1)
  if (beforeIndex !== undefined) assertWholeNumber('loadMessageWindow(): beforeIndex', beforeIndex, 0)
}

/** The index range `[from, to)` that `window` asks for in a history of `messageCount` messages. */
export function messageWindowBounds(messageCount: number, window: TMessageWindow): { from: number; to: number } {
  const to = Math.min(window.beforeIndex ?? messageCount, messageCount)
  return { from: Math.max(0, to - window.count), to }
}

/** The window of a whole record: for stores that read a record in one piece. */
export function selectMessageWindow(record: TSessionRecord, window: TMessageWindow): TStoredMessageWindow {
  assertMessageWindow(window)
  const { from, to } = messageWindowBounds(record.messages.length, window)
  return { summary: toSessionSummary(record), messages: record.messages.slice(from, to), firstIndex: from }
}
