import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import { eventRange } from './session-key-ranges.ts'
import { seqsOf } from './stored-event-batch.ts'

/** The seqs stored between `fromSeq` and `toSeq`, walking back from `toSeq` inside the commit's transaction. */
export async function readStoredSeqs(
  eventStore: { openCursor(range: IDBKeyRange, direction: IDBCursorDirection): Promise<TCursor | null> },
  sessionId: string,
  fromSeq: number,
  toSeq: number
): Promise<Set<number>> {
  const seqs = new Set<number>()
  let cursor = await eventStore.openCursor(eventRange(sessionId, 0, toSeq), 'prev')
  while (cursor) {
    for (const seq of seqsOf(cursor.value)) if (seq >= fromSeq && seq <= toSeq) seqs.add(seq)
    // Values are keyed by their first seq: once one starts at or before `fromSeq`, none earlier overlaps.
    const firstSeq = (cursor.value as { seq?: unknown }).seq
    if (typeof firstSeq !== 'number' || firstSeq <= fromSeq) break
    cursor = await cursor.continue()
  }
  return seqs
}

type TCursor = { value: unknown; continue(): Promise<TCursor | null> }

/** The lowest and highest seq among `events`; `undefined` when there are none. */
export function seqSpan(events: readonly TExecutionEventEnvelope[]): { from: number; to: number } | undefined {
  const [first] = events
  if (!first) return undefined
  let from = first.seq
  let to = first.seq
  for (const event of events) {
    if (event.seq < from) from = event.seq
    if (event.seq > to) to = event.seq
  }
  return { from, to }
}
