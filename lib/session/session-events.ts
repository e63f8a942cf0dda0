import type { TExecutionEventEnvelope, TExecutionEventDataMap } from '../core/execution-events.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { TCompactionTrigger } from './compaction/compaction-types.ts'

/**
 * Data of the events a session records beside the core's run events. Like them, each is plain,
 * serializable data in the same envelope and the same `seq` order.
 */
export type TSessionEventDataMap = {
  /**
   * The history was replaced wholesale (compaction, clear, fork). Replaying a log starts the
   * history over from `messages` here; later `history_mutation` appends index into it.
   */
  history_replaced: { reason: 'compaction' | 'clear' | 'fork'; messages: TUniversalMessage[]; fromSessionId?: string }
  /** The conversation was summarized: what triggered it, the summary, and the sizes before and after. */
  compaction: {
    trigger: TCompactionTrigger
    summary: string
    instructions?: string
    messagesBefore: number
    tokensBefore: number
    tokensAfter: number
  }
  /** This session is a subagent: the parent session and the tool call that started it. */
  session_link: { parentSessionId: string; parentToolCallId: string; agentType: string; description: string }
}

/** Names of the session event types. */
export type TSessionEventType = keyof TSessionEventDataMap

/** The envelope of a session event; the same shape as a run event's. */
export type TSessionEventEnvelope<TType extends TSessionEventType = TSessionEventType> = {
  [K in TType]: {
    seq: number
    ts: number
    sessionId: string
    executionId: string
    round?: number
    type: K
    data: TSessionEventDataMap[K]
  }
}[TType]

/** Every event a session records: the core's run events and its own. */
export type TSessionEvent = TExecutionEventEnvelope | TSessionEventEnvelope

/** Every event type a session can record. */
export type TAnySessionEventType = TSessionEvent['type']

/** Data of any recordable event type, run or session. */
export type TAnySessionEventDataMap = TExecutionEventDataMap & TSessionEventDataMap

/** Receives events in order; a returned promise is awaited for session events (not for run events). */
export type TSessionEventListener = (event: TSessionEvent) => void | Promise<void>

/** True for the events a session adds beside the core's. */
export function isSessionEvent(event: TSessionEvent): event is TSessionEventEnvelope {
  return event.type === 'history_replaced' || event.type === 'compaction' || event.type === 'session_link'
}

/**
 * The event as the store's port types it. The core's event union does not name the session's
 * types yet, while stores accept any type tag (they validate the envelope, not the payload), so
 * this is a type-level bridge only; the object is passed through unchanged.
 */
export function toStoredEvent(event: TSessionEvent): TExecutionEventEnvelope {
  return event as TExecutionEventEnvelope
}
