import { ValidationError } from '../../core/errors.ts'
import { REPLAY_FORMAT_VERSION, toReplayLogHead, verifyReplayLog, type TReplayFormatVersion, type TReplayLogHead, type TReplayRecord } from './hash-chain.ts'
import { redactSecrets } from './redact-secrets.ts'
import { sessionSettingsSchema, type TSessionSettings } from '../session-settings.ts'

/**
 * The first line of an exported log: what it is and how many records follow. Exports are written
 * at the current version; a version 1 file (whose requests each carry their whole history) still
 * imports.
 */
export type TReplayExportHeader = {
  format: 'robota-replay'
  version: TReplayFormatVersion
  sessionId: string
  recordCount: number
  lastHash: string
  /** The session's name when it was exported; outside the hash chain, a label only. */
  name?: string
  /** The session's own settings when it was exported (prompt addition, temperature…); outside the hash chain like the name. */
  settings?: TSessionSettings
}

/** Longest session name an import takes from a header. */
const MAX_IMPORTED_NAME_CHARACTERS = 200

/** Largest export `importReplayLogJsonl` reads unless told otherwise: 64 MiB. */
export const DEFAULT_MAX_IMPORT_BYTES = 64 * 1024 * 1024

/**
 * Writes a session's log as JSONL: a header line, then one record per line. Secrets are redacted
 * again. Given the store's `head` (read before the records), the header announces what the store
 * wrote rather than what was read, so importing a log cut short is refused.
 */
export function exportReplayLogJsonl(
  sessionId: string,
  records: readonly TReplayRecord[],
  storeHead?: TReplayLogHead,
  name?: string,
  settings?: TSessionSettings
): string {
  // Records beyond the head were committed after it was read: the log grew, it was not cut.
  const head = storeHead === undefined || records.length > storeHead.recordCount ? toReplayLogHead(records) : storeHead
  const header: TReplayExportHeader = {
    format: 'robota-replay',
    version: REPLAY_FORMAT_VERSION,
    sessionId,
    recordCount: head.recordCount,
    lastHash: head.lastHash,
    ...(name === undefined ? {} : { name }),
    ...(settings === undefined ? {} : { settings })
  }
  // Records were redacted when written; redacting again costs little and guards old logs.
  return [header, ...records.map((record) => redactSecrets(record))].map((line) => JSON.stringify(line)).join('\n') + '\n'
}

/** A verified import: the header and the records, ready to store. */
export type TReplayImport = { header: TReplayExportHeader; records: TReplayRecord[] }

function refuse(message: string, details: Record<string, unknown> = {}): never {
  throw new ValidationError(`Replay import refused: ${message}`, { details })
}

/**
 * Reads an exported log and verifies it end to end: the header, every line's JSON, the record
 * count (a truncated file is refused) and the hash chain (a tampered record is refused, naming
 * its line). Throws a `ValidationError` saying what is wrong and where.
 */
export function importReplayLogJsonl(text: string, options: { maxBytes?: number } = {}): TReplayImport {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_IMPORT_BYTES
  if (text.length > maxBytes) refuse(`the file is larger than ${maxBytes} bytes.`, { size: text.length, maxBytes })
  const lines = text.split('\n').filter((line) => line.trim() !== '')
  if (lines.length === 0) refuse('the file is empty.')
  const parsed = lines.map((line, index) => {
    try {
      return JSON.parse(line) as unknown
    } catch {
      return refuse(`line ${index + 1} is not JSON.`, { line: index + 1 })
    }
  })
  const header = parsed[0] as Partial<TReplayExportHeader> | null
  if (header?.format !== 'robota-replay') refuse('line 1 is not a Robota replay header.', { line: 1 })
  if (header.version !== 1 && header.version !== REPLAY_FORMAT_VERSION) {
    refuse(`format version ${String(header.version)} is not supported (expected 1 to ${REPLAY_FORMAT_VERSION}).`, { line: 1 })
  }
  if (typeof header.sessionId !== 'string' || typeof header.recordCount !== 'number') refuse('the header lacks sessionId or recordCount.', { line: 1 })
  const records = parsed.slice(1) as TReplayRecord[]
  for (const [index, record] of records.entries()) {
    if (typeof record !== 'object' || record === null || typeof record.hash !== 'string' || typeof record.event !== 'object') {
      refuse(`line ${index + 2} is not a replay record.`, { line: index + 2 })
    }
    if (record.event.sessionId !== header.sessionId) refuse(`line ${index + 2} belongs to another session.`, { line: index + 2 })
  }
  if (records.length < header.recordCount) {
    refuse(`the file is truncated: the header announces ${header.recordCount} records, the file holds ${records.length}.`)
  }
  if (records.length > header.recordCount) {
    refuse(`the file holds ${records.length} records, more than the ${header.recordCount} its header announces.`)
  }
  const verification = verifyReplayLog(records)
  if (!verification.ok) refuse(`${verification.reason} (line ${verification.index + 2}).`, { line: verification.index + 2 })
  // Anyone can recompute a chain, so a verified one may still repeat a seq; stores key events by seq.
  let previousSeq = -1
  for (const [index, { event }] of records.entries()) {
    if (!(typeof event.seq === 'number' && event.seq > previousSeq)) {
      refuse(`record ${index} has seq ${String(event.seq)}, not after seq ${previousSeq} (line ${index + 2}).`, { line: index + 2 })
    }
    previousSeq = event.seq
  }
  if (records.length > 0 && header.lastHash !== verification.lastHash) refuse('the last hash does not match the header.')
  // A label only: one that is not a short string is dropped rather than refusing the log.
  const { name, settings, ...verified } = header as TReplayExportHeader
  const label = typeof name === 'string' && name.trim() !== '' && name.length <= MAX_IMPORTED_NAME_CHARACTERS ? name.trim() : undefined
  // Settings that do not validate are dropped like a bad label: the log itself verified.
  const parsedSettings = settings === undefined ? undefined : sessionSettingsSchema.safeParse(settings)
  return {
    header: { ...verified, ...(label === undefined ? {} : { name: label }), ...(parsedSettings?.success ? { settings: parsedSettings.data } : {}) },
    records
  }
}
