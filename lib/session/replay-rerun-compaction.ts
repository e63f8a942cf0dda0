import { createId } from '../core/create-id.ts'
import type { IExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { IAIProvider } from '../core/provider.ts'
import { CompactionOrchestrator } from './compaction/compaction-orchestrator.ts'
import { ContextWindowTracker } from './context-window-tracker.ts'
import { HostEventLog } from './host-event-log.ts'
import type { TLiveSession } from './live-session.ts'
import type { TRecordedStep } from './recorded-steps.ts'

/** What re-running a recorded history reset works against. */
export type TReplayedResetParts = {
  sessionId: string
  session: TLiveSession
  /** Answers the summary call from the log. */
  provider: IAIProvider
  model: string
  systemMessage: string
  /** The project's "Compact Instructions", as the recording session had them. */
  projectInstructions?: string
  /** Receives the events the re-run records, numbered on from the agent's. */
  onExecutionEvent: (event: IExecutionEventEnvelope) => void
  signal?: AbortSignal
}

/** The history a reset left, or none when a compaction got no summary, and the `seq` after its events. */
export type TReplayedReset = { history: TUniversalMessage[] | undefined; nextEventSeq: number }

/**
 * Re-runs a step that replaces the history. A clear or a fork is recorded again as it was; a
 * compaction sends the summary request built from the re-run's own history (so a drift is caught
 * by the replay provider), gets the recorded summary, and records the `compaction` and
 * `history_replaced` events again. @throws the provider's error when the summary request drifted.
 */
export async function rerunHistoryReset(step: Exclude<TRecordedStep, { kind: 'prompt' }>, parts: TReplayedResetParts): Promise<TReplayedReset> {
  const log = new HostEventLog(parts.sessionId, parts.session.agent.getNextEventSeq(), (hostEvent) => {
    if (hostEvent.kind === 'replay') parts.onExecutionEvent(hostEvent.event)
  })
  if (step.kind === 'history_replaced') {
    log.record('history_replaced', { reason: step.reason, messages: step.messages }, createId())
    return { history: step.messages, nextEventSeq: log.nextEventSeq }
  }
  const history = await rerunCompaction(step, parts, log)
  return { history, nextEventSeq: log.nextEventSeq }
}

async function rerunCompaction(
  step: Extract<TRecordedStep, { kind: 'compaction' }>,
  parts: TReplayedResetParts,
  log: HostEventLog
): Promise<TUniversalMessage[] | undefined> {
  const { session } = parts
  const tracker = new ContextWindowTracker({ model: parts.model })
  const signal = parts.signal ? { signal: parts.signal } : {}
  let history: TUniversalMessage[] | undefined
  const orchestrator = new CompactionOrchestrator({
    provider: parts.provider,
    emit: (type, data, executionId, round) => log.record(type, data, executionId, round),
    runHooks: (event, fields, executionId) =>
      session.enforcer.runHooks(event, fields, { ...signal, emitEvent: (type, data) => log.record(type, data as never, executionId) })
  })
  await orchestrator.compact({
    messages: session.agent.getHistory(),
    model: parts.model,
    trigger: step.trigger,
    ...(step.instructions ? { instructions: step.instructions } : {}),
    ...(parts.projectInstructions ? { projectInstructions: parts.projectInstructions } : {}),
    ...signal,
    measure: (messages) => tracker.getContextState(messages, parts.systemMessage).usedTokens,
    apply: async (summary, executionId) => {
      log.record('history_replaced', { reason: 'compaction', messages: summary }, executionId)
      history = summary
    }
  })
  return history
}
