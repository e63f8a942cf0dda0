import { useState } from 'react'
import type { IAgentHost, THostEvent, TSandboxChoice } from '../../lib/host/agent-host.ts'
import type { TCompactionTrigger } from '../../lib/session/compaction/compaction-types.ts'
import { useHostEvents } from '../../worker/react/use-host-events.ts'
import type { TCompactionResult } from '../chat/describe-compaction.ts'

/** Slow work of one session outside its turns, as the page shows it. */
export type TSessionActivity = {
  /** Set while the conversation is being summarized. */
  compacting: TCompactionTrigger | undefined
  /** The last compaction's result; the command log words it. */
  compaction: TCompactionResult | undefined
  sandboxKind: TSandboxChoice['kind']
}

const IDLE: TSessionActivity = { compacting: undefined, compaction: undefined, sandboxKind: 'in-memory' }

/** Follows compaction and sandbox-switch events of every session; answers for `sessionId`. */
export function useSessionActivity(host: IAgentHost, sessionId: string | undefined): TSessionActivity {
  const [activity, setActivity] = useState<Record<string, TSessionActivity>>({})
  useHostEvents(host, (events: THostEvent[]) => {
    const relevant = events.filter((event) => event.kind.startsWith('compaction_') || event.kind === 'sandbox_switched' || isClear(event))
    if (relevant.length > 0) setActivity((current) => relevant.reduce(applyActivity, current))
  })
  return (sessionId && activity[sessionId]) || IDLE
}

// `/clear` empties the conversation: a compaction notice about it no longer holds.
function isClear(event: THostEvent): boolean {
  if (event.kind !== 'replay') return false
  const recorded = event.event as { type: string; data: unknown }
  return recorded.type === 'history_replaced' && (recorded.data as { reason?: unknown }).reason === 'clear'
}

function applyActivity(current: Record<string, TSessionActivity>, event: THostEvent): Record<string, TSessionActivity> {
  if (event.kind === 'replay') {
    const before = current[event.event.sessionId]
    return isClear(event) && before?.compaction ? { ...current, [event.event.sessionId]: { ...before, compaction: undefined } } : current
  }
  const before = current[event.sessionId] ?? IDLE
  switch (event.kind) {
    case 'compaction_started':
      return { ...current, [event.sessionId]: { ...before, compacting: event.trigger, compaction: undefined } }
    case 'compaction_finished':
      return { ...current, [event.sessionId]: { ...before, compacting: undefined, compaction: { outcome: event.outcome } } }
    case 'compaction_failed':
      return { ...current, [event.sessionId]: { ...before, compacting: undefined, compaction: { failure: event.message } } }
    case 'sandbox_switched':
      return { ...current, [event.sessionId]: { ...before, sandboxKind: event.result.kind } }
    default:
      return current
  }
}

/** The progress line for a compaction under way. */
export function compactionProgress(trigger: TCompactionTrigger | undefined): string | undefined {
  if (trigger === 'auto') return 'The context window is nearly full: compacting the conversation before the turn…'
  return trigger === 'manual' ? 'Compacting the conversation…' : undefined
}
