export { toSessionStatus } from './session-status.ts'
export { EMPTY_SESSION_VIEW, reduceSessionView } from './session-view-state.ts'
export { useAgentSession } from './use-agent-session.ts'
export { useHostEvents } from './use-host-events.ts'
export { reduceReplayEvents, useReplayEvents } from './use-replay-events.ts'

export type { TSessionContextState } from '../../lib/host/agent-host.ts'
export type { TSessionStatus } from './session-status.ts'
export type {
  TActiveTool,
  TPendingPermission,
  TToolCallDecision,
  TSessionViewAction,
  TSessionViewState,
  TTurnInterruption
} from './session-view-state.ts'
export type { TAgentSession, TAgentSessionOptions, TSubmitPreparation } from './use-agent-session.ts'
export type { TReplayAction, TReplayEvents, TReplayEventsOptions, TReplayEventsState } from './use-replay-events.ts'
export type { TEarlierEventsAction } from './earlier-events.ts'
