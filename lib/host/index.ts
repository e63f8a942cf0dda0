/**
 * The host plane's public names: the agent host port (`IAgentHost`) with its data types, the
 * in-thread host that implements it, and the pieces it is built from. `robota` re-exports all of it.
 */
export { EventBatcher } from './event-batcher.ts'
export { PermissionBroker } from './permission-broker.ts'
export { LocalAgentHost } from './local-agent-host.ts'
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
} from './agent-host.ts'
export type { TLocalAgentHostOptions } from './local-agent-host.ts'
export type { TBatchSink } from './event-batcher.ts'
