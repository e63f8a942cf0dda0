import { chainReplayEvents, GENESIS_HASH } from '../../lib/storage/replay-log/hash-chain.ts'
import { exportReplayLogJsonl } from '../../lib/storage/replay-log/replay-jsonl.ts'
import { createLargeReplayEvents, type TLargeReplayLogOptions } from './large-replay-log.ts'

/** A generated long session as the JSONL the playground imports: hash-chained, so it verifies. */
export function createLargeReplayJsonl(options: TLargeReplayLogOptions & { name: string }): string {
  const records = chainReplayEvents(GENESIS_HASH, createLargeReplayEvents(options))
  return exportReplayLogJsonl(options.sessionId, records, undefined, options.name)
}
