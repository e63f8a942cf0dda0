import * as Comlink from 'comlink'
import type { TExecutionEventEnvelope } from '../lib/core/execution-events.ts'
import type { THostEvent } from '../lib/host/agent-host.ts'

type TDeltaEnvelope = TExecutionEventEnvelope<'provider_stream_raw_delta'>

/** Consecutive streamed deltas of one session, execution and round, as columns. */
export type TDeltaRun = {
  sessionId: string
  executionId: string
  round: number | undefined
  seq: Float64Array
  ts: Float64Array
  sequence: Float64Array
  delta: string[]
}

/** A batch on the wire: runs of deltas as columns, every other event as it is, in order. */
export type TWireBatch = Array<{ deltas: TDeltaRun } | { events: THostEvent[] }>

type TDeltaHostEvent = { kind: 'replay'; event: TDeltaEnvelope }

const batches = new WeakSet<readonly THostEvent[]>()

/** Marks an array as a batch of host events, so the transfer below sends it in columns. */
export function markHostEventBatch(events: readonly THostEvent[]): void {
  batches.add(events)
}

/**
 * Packs a batch: runs of plain delta events become columns (numbers in typed arrays, texts in one
 * array), since cloning thousands of small nested objects costs far more on both sides of a
 * `postMessage` than a few arrays. Events of any other shape go as they are.
 */
export function packHostEvents(events: readonly THostEvent[]): TWireBatch {
  const wire: TWireBatch = []
  let index = 0
  while (index < events.length) {
    const first = events[index] as THostEvent
    if (!isPlainDelta(first)) {
      const others: THostEvent[] = []
      while (index < events.length && !isPlainDelta(events[index] as THostEvent)) others.push(events[index++] as THostEvent)
      wire.push({ events: others })
      continue
    }
    const { sessionId, executionId, round } = first.event
    let end = index + 1
    while (end < events.length && continues(events[end] as THostEvent, sessionId, executionId, round)) end++
    const count = end - index
    const run: TDeltaRun = { sessionId, executionId, round, seq: new Float64Array(count), ts: new Float64Array(count), sequence: new Float64Array(count), delta: new Array<string>(count) }
    for (let offset = 0; offset < count; offset++) {
      const { event } = events[index + offset] as TDeltaHostEvent
      run.seq[offset] = event.seq
      run.ts[offset] = event.ts
      run.sequence[offset] = event.data.sequence
      run.delta[offset] = event.data.delta
    }
    wire.push({ deltas: run })
    index = end
  }
  return wire
}

/** Unpacks a batch packed by `packHostEvents`, event for event. */
export function unpackHostEvents(wire: TWireBatch): THostEvent[] {
  const events: THostEvent[] = []
  for (const segment of wire) {
    if ('events' in segment) {
      for (const event of segment.events) events.push(event)
      continue
    }
    const { sessionId, executionId, round, seq, ts, sequence, delta } = segment.deltas
    for (let offset = 0; offset < delta.length; offset++) {
      const event = { seq: seq[offset] as number, ts: ts[offset] as number, sessionId, executionId, type: 'provider_stream_raw_delta', data: { sequence: sequence[offset] as number, delta: delta[offset] as string } } as TDeltaEnvelope
      if (round !== undefined) event.round = round
      events.push({ kind: 'replay', event })
    }
  }
  return events
}

/**
 * Sends marked batches of host events packed (see `packHostEvents`). Both sides of the boundary
 * must call it, as with `registerErrorTransfer`; it is idempotent. A side that did not register
 * sends batches as plain arrays, which the other side takes as they are.
 */
export function registerHostEventTransfer(): void {
  Comlink.transferHandlers.set('robota-host-events', {
    canHandle: (value): value is THostEvent[] => Array.isArray(value) && batches.has(value),
    serialize: (events: THostEvent[]) => {
      const wire = packHostEvents(events)
      const buffers: Transferable[] = []
      for (const segment of wire) if ('deltas' in segment) buffers.push(segment.deltas.seq.buffer, segment.deltas.ts.buffer, segment.deltas.sequence.buffer)
      return [wire, buffers]
    },
    deserialize: (wire) => unpackHostEvents(wire as TWireBatch)
  })
}

// Only events of exactly the shape the loop emits are packed; anything else keeps every field.
function isPlainDelta(hostEvent: THostEvent): hostEvent is TDeltaHostEvent {
  if (hostEvent.kind !== 'replay' || countKeys(hostEvent) !== 2) return false
  const event = hostEvent.event
  if (event.type !== 'provider_stream_raw_delta') return false
  if (countKeys(event) !== (event.round === undefined ? 6 : 7) || (event.round !== undefined && typeof event.round !== 'number')) return false
  if (typeof event.seq !== 'number' || typeof event.ts !== 'number' || typeof event.sessionId !== 'string' || typeof event.executionId !== 'string') return false
  const data = event.data as unknown as Record<string, unknown> | null
  return typeof data === 'object' && data !== null && countKeys(data) === 2 && typeof data.sequence === 'number' && typeof data.delta === 'string'
}

function continues(hostEvent: THostEvent, sessionId: string, executionId: string, round: number | undefined): boolean {
  return isPlainDelta(hostEvent) && hostEvent.event.sessionId === sessionId && hostEvent.event.executionId === executionId && hostEvent.event.round === round
}

function countKeys(value: object): number {
  let count = 0
  for (const key in value) if (Object.hasOwn(value, key)) count++
  return count
}
