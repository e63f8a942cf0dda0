import type { TReplayVerification } from '../../storage/replay-log/hash-chain.ts'
import type { TSessionSummary } from '../../storage/session-store.ts'
import type { TReplayRerunReport } from '../../session/replay-rerun.ts'

/** A session's replay log: exported, imported, verified and re-run offline. */
export interface IHostReplayArchive {
  /** The session's replay log as JSONL (header line, then one hash-chained record per line). */
  exportReplay(sessionId: string): Promise<string>
  /** Verifies and stores an exported log as a session; refuses a tampered, truncated or foreign file. */
  importReplay(jsonl: string): Promise<TSessionSummary>
  /** Checks the stored log's hash chain end to end. */
  verifyReplay(sessionId: string): Promise<TReplayVerification>
  /** Re-runs the stored session offline with its recorded model answers in a fresh sandbox; reports whether it matches. */
  rerunReplay(sessionId: string): Promise<TReplayRerunReport>
}
