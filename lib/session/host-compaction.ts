import type { TUniversalMessage } from '../core/messages.ts'
import type { IAIProvider } from '../core/provider.ts'
import type { ISessionStore, TSessionRecord } from '../storage/session-store.ts'
import type { THostEvent } from './agent-host.ts'
import { CompactionOrchestrator } from './compaction/compaction-orchestrator.ts'
import type { TCompactionOutcome, TCompactionTrigger } from './compaction/compaction-types.ts'
import { ContextWindowTracker } from './context-window-tracker.ts'
import { HostEventLog } from './host-event-log.ts'
import type { TLiveSession } from './live-session.ts'
import type { TAnySessionEventDataMap } from './session-events.ts'

/** One compaction of a stored session, run by a host outside a turn. */
export type THostCompaction = {
  store: ISessionStore
  record: TSessionRecord
  session: TLiveSession
  provider: IAIProvider
  systemMessage: string
  trigger: TCompactionTrigger
  instructions?: string
  signal?: AbortSignal
  publish: (event: THostEvent) => void
}

/** How the compaction ended and the record as it is stored now. */
export type THostCompactionResult = { outcome: TCompactionOutcome; record: TSessionRecord }

/**
 * Summarizes a stored session's conversation and stores the summary as its new history, with the
 * summary call, the `compaction` and the `history_replaced` events in its replay log. The page
 * hears `compaction_started`, then `compaction_finished` (or `compaction_failed`). Whatever was
 * recorded is stored even when the summary fails, so the log's `seq` has no gap.
 */
export async function compactHostSession(parts: THostCompaction): Promise<THostCompactionResult> {
  const { record, session, trigger, publish } = parts
  const sessionId = record.id
  const log = new HostEventLog(sessionId, record.nextEventSeq, publish)
  const tracker = new ContextWindowTracker({ model: record.model })
  let history: TUniversalMessage[] = record.messages
  const orchestrator = new CompactionOrchestrator({
    provider: parts.provider,
    emit: (type, data, executionId, round) => log.record(type, data, executionId, round),
    runHooks: (event, fields, executionId) =>
      session.enforcer.runHooks(event, fields, {
        ...(parts.signal ? { signal: parts.signal } : {}),
        emitEvent: (type, data) => log.record(type, data as TAnySessionEventDataMap[typeof type], executionId)
      })
  })
  publish({ kind: 'compaction_started', sessionId, trigger })
  const store = async () => {
    const next: TSessionRecord = { ...record, messages: history, nextEventSeq: log.nextEventSeq, updatedAt: Date.now() }
    await parts.store.commit(next, log.events)
    return next
  }
  try {
    const outcome = await orchestrator.compact({
      messages: record.messages,
      model: record.model,
      trigger,
      ...(parts.instructions ? { instructions: parts.instructions } : {}),
      ...(parts.signal ? { signal: parts.signal } : {}),
      measure: (messages) => tracker.getContextState(messages, parts.systemMessage).usedTokens,
      apply: async (summary, executionId) => {
        log.record('history_replaced', { reason: 'compaction', messages: summary }, executionId)
        history = summary
      }
    })
    const stored = await store()
    publish({ kind: 'compaction_finished', sessionId, outcome })
    return { outcome, record: stored }
  } catch (error) {
    if (log.events.length > 0) await store().catch(() => undefined)
    publish({ kind: 'compaction_failed', sessionId, trigger, message: error instanceof Error ? error.message : String(error) })
    throw error
  }
}

/** True when the stored conversation fills enough of the model's window to compact before the next turn. */
export function needsAutoCompaction(record: TSessionRecord, systemMessage: string, threshold?: number | false): boolean {
  if (record.messages.length === 0) return false
  const tracker = new ContextWindowTracker({ model: record.model, ...(threshold === undefined ? {} : { autoCompactThreshold: threshold }) })
  return tracker.shouldAutoCompact(tracker.getContextState(record.messages, systemMessage))
}
