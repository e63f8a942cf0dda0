import type { TReplayVerification } from '../../storage/replay-log/hash-chain.ts'
import type { TSessionSummary } from '../../storage/session-store.ts'
import type { TReplayRerunReport } from '../../session/replay-rerun.ts'

/** How `importReplay` stores a log. */
export type TImportReplayOptions = {
  /**
   * Store it as a new session (a new id, the name marked "(copy)", the same records chained
   * afresh under the new id) instead of under the id it was exported with: for a log whose
   * session is already in the store. The file is verified against its own chain first.
   */
  asCopy?: boolean
}

/** A session's replay log: exported, imported, verified and re-run offline. */
export interface IHostReplayArchive {
  /** The session's replay log as JSONL (header line, then one hash-chained record per line). */
  exportReplay(sessionId: string): Promise<string>
  /**
   * Verifies and stores an exported log as a session; refuses a tampered, truncated or foreign
   * file, and a session already stored unless imported `asCopy`.
   */
  importReplay(jsonl: string, options?: TImportReplayOptions): Promise<TSessionSummary>
  /** Checks the stored log's hash chain end to end. */
  verifyReplay(sessionId: string): Promise<TReplayVerification>
  /** Re-runs the stored session offline with its recorded model answers in a fresh sandbox; reports whether it matches. */
  rerunReplay(sessionId: string): Promise<TReplayRerunReport>
}
