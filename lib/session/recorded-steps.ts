import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { TCompactionTrigger } from './compaction/compaction-types.ts'
import type { TSessionEvent } from './session-events.ts'

/** One thing a recorded session went through, in the order it happened. */
export type TRecordedStep =
  /** A prompt the session was given: re-run it as a turn. */
  | { kind: 'prompt'; prompt: string }
  /** A compaction that replaced the history with a summary: re-run it through the recorded summary call. */
  | { kind: 'compaction'; executionId: string; trigger: TCompactionTrigger; instructions?: string }
  /** The history replaced without a model call (a clear, a fork's copied conversation). */
  | { kind: 'history_replaced'; reason: 'compaction' | 'clear' | 'fork'; messages: TUniversalMessage[] }

/** The steps of a recorded session and the provider calls a re-run has no step for. */
export type TRecordedSteps = {
  steps: TRecordedStep[]
  /** Executions of model calls made outside any prompt (summary calls). */
  summaryExecutions: ReadonlySet<string>
  /** Of those, the ones that changed nothing (a summary that failed, was aborted or came back empty). */
  unusedExecutions: ReadonlySet<string>
}

/**
 * Reads what to re-run from a log: prompts (the user messages a turn started with), compactions
 * (a `compaction` event and its summary call) and other history replacements, in log order.
 */
export function recordedSteps(events: readonly TExecutionEventEnvelope[]): TRecordedSteps {
  const sessionEvents = events as readonly TSessionEvent[]
  const turns = new Set<string>()
  const compactions = new Set<string>()
  for (const event of sessionEvents) {
    if (isPrompt(event)) turns.add(event.executionId)
    if (event.type === 'compaction') compactions.add(event.executionId)
  }
  const steps: TRecordedStep[] = []
  const summaryExecutions = new Set<string>()
  for (const event of sessionEvents) {
    if (isPrompt(event)) steps.push({ kind: 'prompt', prompt: event.data.message.content })
    else if (event.type === 'compaction') {
      const { trigger, instructions } = event.data
      steps.push({ kind: 'compaction', executionId: event.executionId, trigger, ...(instructions ? { instructions } : {}) })
    } else if (event.type === 'history_replaced' && !compactions.has(event.executionId)) {
      steps.push({ kind: 'history_replaced', reason: event.data.reason, messages: event.data.messages })
    } else if (event.type === 'provider_request' && !turns.has(event.executionId)) summaryExecutions.add(event.executionId)
  }
  const unusedExecutions = new Set([...summaryExecutions].filter((executionId) => !compactions.has(executionId)))
  return { steps, summaryExecutions, unusedExecutions }
}

function isPrompt(event: TSessionEvent): event is Extract<TSessionEvent, { type: 'history_mutation' }> {
  return event.type === 'history_mutation' && event.data.message.role === 'user' && event.round === undefined
}
