import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import type { TSubagentReport } from './agent-tool.ts'

/** A subagent run as it starts: its record is written, its log not yet. */
export type TSubagentRunStart = {
  /** The run's own session id, under which its record and replay log are kept. */
  sessionId: string
  /** The task its parent gave it. */
  prompt: string
  /** The events its log has recorded and not stored yet, oldest first (none when it is not persisted). */
  unstoredEvents: () => TExecutionEventEnvelope[]
}

/** How a run ended: with the report its parent hears, or with the error it failed with. */
export type TSubagentRunOutcome = { report: TSubagentReport } | { error: unknown }

/** What a run's watcher hands back to the runner; every part is optional. */
export type TSubagentRunWatch = {
  /** Stops this run alone: its parent's turn goes on and hears the run was interrupted. */
  signal?: AbortSignal
  /** The run has ended and its log is stored. Told once, whether it answered or failed. */
  ended?: (outcome: TSubagentRunOutcome) => void
}

/**
 * Told as each subagent run starts: a host marks the run busy under its own id, so a page can
 * watch it as a running turn and stop it.
 */
export type TSubagentRunWatcher = (run: TSubagentRunStart) => TSubagentRunWatch
