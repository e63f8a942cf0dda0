import { redactSecretText } from '../storage/replay-log/redact-secrets.ts'
import type { TSubagentRunOutcome, TSubagentRunStart, TSubagentRunWatch } from '../session/subagents/subagent-run-watch.ts'
import type { THostEvent } from './agent-host.ts'
import type { HostRunningTurns } from './host-running-turns.ts'
import { turnFailedEvent } from './turn-failed-event.ts'

/** What a host watches its subagent runs through. */
export type TSubagentRunWatchPorts = {
  turns: Pick<HostRunningTurns, 'begin' | 'end'>
  publishNow: (event: THostEvent) => void
  /** Cut from the prompt, answer and error a run announces, as from its events. */
  secrets: readonly string[]
}

/**
 * Shows a subagent run as a running turn of its own session: busy under its id while it runs (a
 * prompt to it is refused, `abort` stops it alone and its parent's turn goes on, a view opened
 * meanwhile gets the events it has not stored yet), announced with `turn_started` as it starts and
 * `turn_finished` (or `turn_failed`) once its log is stored.
 */
export function watchSubagentRun(run: TSubagentRunStart, { turns, publishNow, secrets }: TSubagentRunWatchPorts): TSubagentRunWatch {
  const { sessionId } = run
  const signal = turns.begin(sessionId, run.unstoredEvents)
  publishNow({ kind: 'turn_started', sessionId, prompt: redactSecretText(run.prompt, secrets) })
  return {
    signal,
    ended: (outcome) => {
      turns.end(sessionId)
      publishNow(endOf(sessionId, outcome, secrets))
    }
  }
}

// Announced as a hosted session's turn ends: a failure the loop threw is `turn_failed`.
function endOf(sessionId: string, outcome: TSubagentRunOutcome, secrets: readonly string[]): THostEvent {
  if ('error' in outcome) return turnFailedEvent(sessionId, outcome.error, secrets)
  const { response, interrupted, toolsExecuted } = outcome.report
  return { kind: 'turn_finished', sessionId, result: { response: redactSecretText(response, secrets), interrupted, toolsExecuted } }
}
