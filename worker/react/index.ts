export { EMPTY_SESSION_VIEW, reduceSessionView } from './session-view-state.ts'
export { useAgentSession } from './use-agent-session.ts'

export type { TPendingPermission, TSessionViewAction, TSessionViewState } from './session-view-state.ts'
export type { TAgentSession } from './use-agent-session.ts'
