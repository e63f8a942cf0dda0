import { StorageError } from '../../core/errors.ts'
import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import { GENESIS_HASH, hashReplayEvent, REPLAY_FORMAT_VERSION, type TReplayRecord } from './hash-chain.ts'
import { resolveHistoryRanges } from './history-range.ts'

/** An event as a store keeps it: the envelope with its chain links beside it. */
export type TStoredReplayEvent = TExecutionEventEnvelope & { prevHash: string; hash: string }

/** The last stored link of a session's log, which a commit continues from. */
export type TReplayTail = { seq: number; hash: string }

/**
 * Chains the events a commit appends onto the stored tail, in `seq` order. They must all come
 * after the tail: the log is append-only, and a gap filled later would break the chain.
 * @throws StorageError naming the event that comes out of order.
 */
export function chainForCommit(
  sessionId: string,
  tail: TReplayTail | undefined,
  events: readonly TExecutionEventEnvelope[]
): TStoredReplayEvent[] {
  let previousHash = tail?.hash ?? GENESIS_HASH
  let previousSeq = tail?.seq ?? -1
  // Within one commit, order is by seq whatever order the caller listed them in.
  const ordered = [...events].sort((left, right) => left.seq - right.seq)
  return ordered.map((event) => {
    if (event.seq <= previousSeq) {
      throw new StorageError(
        `Cannot commit session "${sessionId}": event seq ${event.seq} comes after seq ${previousSeq} in an append-only log`,
        { details: { sessionId, seq: event.seq, lastSeq: previousSeq } }
      )
    }
    const hash = hashReplayEvent(previousHash, event)
    const stored = { ...event, prevHash: previousHash, hash }
    previousHash = hash
    previousSeq = event.seq
    return stored
  })
}

/** The envelope alone, as `loadEvents` hands it out. */
export function toEnvelope(stored: TStoredReplayEvent): TExecutionEventEnvelope {
  const { prevHash: _prevHash, hash: _hash, ...envelope } = stored
  return envelope as TExecutionEventEnvelope
}

/**
 * A session's whole stored log (in `seq` order) as `loadEvents` hands it out: envelopes whose
 * requests carry every message they sent, each history range resolved.
 * @throws StorageError naming the event whose range names a request the log does not hold.
 */
export function toEnvelopes(stored: readonly TStoredReplayEvent[], sessionId: string): TExecutionEventEnvelope[] {
  return resolveHistoryRanges(stored.map(toEnvelope), sessionId)
}

/** The stored event as a replay record, as `loadReplayLog` hands it out. */
export function toReplayRecord(stored: TStoredReplayEvent): TReplayRecord {
  return { version: REPLAY_FORMAT_VERSION, event: toEnvelope(stored), prevHash: stored.prevHash, hash: stored.hash }
}

/** A record as a store keeps it. */
export function fromReplayRecord(record: TReplayRecord): TStoredReplayEvent {
  return { ...record.event, prevHash: record.prevHash, hash: record.hash }
}
