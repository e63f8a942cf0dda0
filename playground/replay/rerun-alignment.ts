import { diffArrays } from 'diff'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { describeReplayEvent } from './describe-replay-event.ts'

/** One event on one side of the comparison, as `describeReplayEvent` reads it. */
export type TAlignedEvent = { event: TExecutionEventEnvelope; text: string }

/** A row of the side-by-side view: the same on both sides, changed, or on one side only. */
export type TAlignedRow =
  | { kind: 'same' | 'changed'; recorded: TAlignedEvent; rerun: TAlignedEvent }
  | { kind: 'recorded-only'; recorded: TAlignedEvent }
  | { kind: 'rerun-only'; rerun: TAlignedEvent }

/** Identical rows far from any difference, folded into a count. */
export type TFoldedRows = { kind: 'folded'; count: number }

/** A recorded run and its re-run, aligned event by event. */
export type TRerunAlignment = {
  differs: boolean
  /** The first row that is not the same on both sides. */
  firstDifference: Exclude<TAlignedRow, { kind: 'same' }> | undefined
  /** Every compared row, differences kept with `context` identical rows around them, the rest folded. */
  rows: Array<TAlignedRow | TFoldedRows>
  recordedCount: number
  rerunCount: number
}

/**
 * Aligns the compared events of a recording and of its re-run with the `diff` package's array
 * diff, pairing what was removed and added at one place into changed rows, so the two
 * sequences can be read side by side.
 */
export function alignRerun(recorded: readonly TExecutionEventEnvelope[], rerun: readonly TExecutionEventEnvelope[], context = 2): TRerunAlignment {
  const left = compared(recorded)
  const right = compared(rerun)
  const rows: TAlignedRow[] = []
  let leftIndex = 0
  let rightIndex = 0
  let removed: TAlignedEvent[] = []
  const flushRemoved = (added: TAlignedEvent[]) => {
    const paired = Math.min(removed.length, added.length)
    for (let index = 0; index < paired; index++) rows.push({ kind: 'changed', recorded: removed[index] as TAlignedEvent, rerun: added[index] as TAlignedEvent })
    for (const event of removed.slice(paired)) rows.push({ kind: 'recorded-only', recorded: event })
    for (const event of added.slice(paired)) rows.push({ kind: 'rerun-only', rerun: event })
    removed = []
  }
  for (const change of diffArrays(left.map((entry) => entry.text), right.map((entry) => entry.text))) {
    const count = change.value.length
    if (change.removed) {
      flushRemoved([])
      removed = left.slice(leftIndex, (leftIndex += count))
    } else if (change.added) {
      flushRemoved(right.slice(rightIndex, (rightIndex += count)))
    } else {
      flushRemoved([])
      for (let index = 0; index < count; index++) rows.push({ kind: 'same', recorded: left[leftIndex++] as TAlignedEvent, rerun: right[rightIndex++] as TAlignedEvent })
    }
  }
  flushRemoved([])
  const firstDifference = rows.find((row): row is Exclude<TAlignedRow, { kind: 'same' }> => row.kind !== 'same')
  return { differs: firstDifference !== undefined, firstDifference, rows: foldSameRows(rows, context), recordedCount: left.length, rerunCount: right.length }
}

function compared(events: readonly TExecutionEventEnvelope[]): TAlignedEvent[] {
  return events.flatMap((event) => {
    const text = describeReplayEvent(event)
    return text === undefined ? [] : [{ event, text }]
  })
}

function foldSameRows(rows: readonly TAlignedRow[], context: number): Array<TAlignedRow | TFoldedRows> {
  const near = rows.map(() => false)
  rows.forEach((row, index) => {
    if (row.kind === 'same') return
    for (let at = Math.max(0, index - context); at <= Math.min(rows.length - 1, index + context); at++) near[at] = true
  })
  const folded: Array<TAlignedRow | TFoldedRows> = []
  rows.forEach((row, index) => {
    if (row.kind !== 'same' || near[index]) return void folded.push(row)
    const last = folded.at(-1)
    if (last?.kind === 'folded') last.count++
    else folded.push({ kind: 'folded', count: 1 })
  })
  return folded
}
