export { CLAUDE_MODELS, DEFAULT_CONTEXT_WINDOW, GEMINI_MODELS, OPENAI_MODELS } from './model-catalog.ts'
export { createAgentClient, createSupervisedClient, toWorkerHandle } from './create-agent-client.ts'
export { createAgentWorkerHost, exposeAgentHost } from './expose-agent-host.ts'
export { createLocalAgentHost } from './create-local-agent-host.ts'
export { createRemoteAgentClient } from './remote/create-remote-agent-client.ts'
export { AgentWorkerSupervisor } from './agent-worker-supervisor.ts'
export { deserializeError, registerErrorTransfer } from './error-transfer.ts'
export { registerHostEventTransfer } from './host-event-transfer.ts'
export { answerHeartbeats, HeartbeatMonitor } from './heartbeat.ts'
export { createInProcessSessionLocks } from './in-process-session-locks.ts'
export { closeInterruptedTurn, type TIsTurnRunning } from '../lib/session/interrupted-turn.ts'
export { planInterruptedTurn } from '../lib/session/interrupted-turn-repair.ts'
export { MultiTabAgentHost } from './multi-tab-agent-host.ts'
export { SessionBroadcast } from './session-broadcast.ts'
export { ownerLockName, turnLockName } from './session-locks.ts'
export { createWebSessionLocks } from './web-session-locks.ts'
export { wrapAgentHost } from './wrap-agent-host.ts'

export type { TAgentWorkerHandle, TThrownInWorker } from './agent-worker-connection.ts'
export type { TSerializedError } from './serialized-error.ts'
export type { TAgentWorkerOptions, TAgentWorkspace, TProviderFactory } from './agent-worker-options.ts'
export type { TLostCallPolicy, TSupervisorOptions, TWorkerRestart } from './agent-worker-supervisor.ts'
export type { IAgentClient, TAgentClientOptions } from './create-agent-client.ts'
export type { THeartbeatOptions } from './heartbeat.ts'
export type { TMultiTabAgentHostOptions } from './multi-tab-agent-host.ts'
export type { TRemoteAgentClientOptions } from './remote/create-remote-agent-client.ts'
export type { TReconnectOptions, TWebSocketConstructor, TWebSocketLike } from './remote/remote-host-socket.ts'
export type { TSessionBroadcastChannel, TSessionRoles } from './session-broadcast.ts'
export type { ISessionLocks, TSessionLock } from './session-locks.ts'
export type { IAgentHostConnection } from './wrap-agent-host.ts'
export type {
  IAgentHost,
  TCommandOutcome,
  TCreateSessionOptions,
  THostEvent,
  THostEventListener,
  TImportReplayOptions,
  TManifestApplication,
  TMcpServerStatus,
  TEventPage,
  TMessagePage,
  TModelListing,
  TModelListingEntry,
  TOpenSessionOptions,
  TPendingPermission,
  TPluginContributionSummary,
  TPluginInstallRequest,
  TPluginView,
  TProviderChoice,
  TSandboxChoice,
  TSandboxSwitch,
  TSessionContextState,
  TSessionSettings,
  TSessionSettingsView,
  TSessionToolToggle,
  TSessionView,
  TSubmitOptions,
  TThinkingChoice,
  TTurnOutputRequest,
  TTurnResult
} from '../lib/host/agent-host.ts'
