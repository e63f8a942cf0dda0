import { sha256Text } from '../sha256-text.ts'
import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import { canonicalEventJson, canonicalJson } from './canonical-event-json.ts'
import { historyRangeOf } from './history-range.ts'

export { canonicalJson }

/** The `prevHash` of a log's first record. */
export const GENESIS_HASH = '0'.repeat(64)

/**
 * Version of the replay record format written now. Version 2 lets a `provider_request` name the
 * history it shares with an earlier request (`data.historyRange`) instead of repeating it; the
 * hash covers the event as recorded, so version 1 records verify unchanged.
 */
export const REPLAY_FORMAT_VERSION = 2

/** Every record format version a log may hold: version 1 records are never rewritten. */
export type TReplayFormatVersion = 1 | typeof REPLAY_FORMAT_VERSION

/** One link of a session's replay log: an event and the hash that chains it to the one before. */
export type TReplayRecord = {
  version: TReplayFormatVersion
  event: TExecutionEventEnvelope
  prevHash: string
  hash: string
}

/** `sha256(prevHash + canonical JSON of the event)`, hex-encoded. */
export function hashReplayEvent(prevHash: string, event: TExecutionEventEnvelope): string {
  return sha256Text(prevHash + canonicalEventJson(event))
}

/** The head of a log whose records are `records`. */
export function toReplayLogHead(records: readonly { hash: string }[]): TReplayLogHead {
  return { recordCount: records.length, lastHash: records.at(-1)?.hash ?? '' }
}

/** Chains events after `prevHash`, returning one record per event. */
export function chainReplayEvents(prevHash: string, events: readonly TExecutionEventEnvelope[]): TReplayRecord[] {
  const records: TReplayRecord[] = []
  let previous = prevHash
  for (const event of events) {
    const hash = hashReplayEvent(previous, event)
    records.push({ version: REPLAY_FORMAT_VERSION, event, prevHash: previous, hash })
    previous = hash
  }
  return records
}

/** Where a log breaks, if it does. */
export type TReplayVerification = { ok: true; recordCount: number; lastHash: string } | { ok: false; index: number; reason: string }

/**
 * What a store last wrote to a session's log: how many records it holds and the last one's hash
 * (empty for an empty log). Kept apart from the records, so a log cut at its tail, which still
 * chains, is told from a whole one.
 */
export type TReplayLogHead = { recordCount: number; lastHash: string }

/**
 * Checks every link: each record's `prevHash` is the previous hash and its `hash` matches its
 * event. Given the store's `head`, the log must also hold every record the head counts, the last
 * of them with the head's hash: a log cut short fails at the first missing record. Read the head
 * before the log: a log that grew after the head was read still verifies.
 */
export function verifyReplayLog(records: readonly TReplayRecord[], head?: TReplayLogHead): TReplayVerification {
  const chain = verifyReplayChain(records)
  if (!chain.ok || head === undefined) return chain
  if (records.length < head.recordCount) {
    return { ok: false, index: records.length, reason: `the log is cut short: the store wrote ${head.recordCount} records, ${records.length} are left` }
  }
  const index = head.recordCount - 1
  if ((records[index]?.hash ?? '') !== head.lastHash) {
    return { ok: false, index, reason: `record ${index} is not the one the store wrote there: the log was cut and written again` }
  }
  return chain
}

function verifyReplayChain(records: readonly TReplayRecord[]): TReplayVerification {
  let previous = GENESIS_HASH
  // How many messages each request sent, by seq: a later request's range must lie within one.
  const sentCounts = new Map<number, number>()
  for (const [index, record] of records.entries()) {
    if (record.version !== 1 && record.version !== REPLAY_FORMAT_VERSION) {
      return { ok: false, index, reason: `record ${index} has format version ${String(record.version)}; expected 1 to ${REPLAY_FORMAT_VERSION}` }
    }
    if (record.prevHash !== previous) return { ok: false, index, reason: `record ${index} does not follow record ${index - 1}: the chain is broken` }
    if (hashReplayEvent(previous, record.event) !== record.hash) {
      return { ok: false, index, reason: `record ${index} (seq ${record.event.seq}) was changed after it was written: its hash does not match` }
    }
    const range = historyRangeOf(record.event)
    if (range !== undefined && (record.version === 1 || !(Number.isInteger(range.count) && range.count >= 0 && (sentCounts.get(range.seq) ?? -1) >= range.count))) {
      return { ok: false, index, reason: `record ${index} (seq ${record.event.seq}) names ${range.count} messages of the request at seq ${range.seq}, which the log does not hold` }
    }
    if (record.event.type === 'provider_request' && Array.isArray(record.event.data.messages)) {
      sentCounts.set(record.event.seq, (range?.count ?? 0) + record.event.data.messages.length)
    }
    previous = record.hash
  }
  return { ok: true, recordCount: records.length, lastHash: previous }
}
