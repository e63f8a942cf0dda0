import type { IHostCommands } from './port/host-commands.ts'
import type { IHostEvents } from './port/host-events.ts'
import type { IHostMcpServers } from './port/host-mcp-servers.ts'
import type { IHostModels } from './port/host-models.ts'
import type { IHostPlugins } from './port/host-plugins.ts'
import type { IHostReplayArchive } from './port/host-replay-archive.ts'
import type { IHostSessions } from './port/host-sessions.ts'
import type { IHostSessionSettings } from './port/host-session-settings.ts'
import type { IHostTurns } from './port/host-turns.ts'
import type { IHostWorkspaceFiles } from './port/host-workspace-files.ts'

export type { IHostCommands, TCommandOutcome } from './port/host-commands.ts'
export type { IHostEvents, THostEvent, THostEventListener } from './port/host-events.ts'
export type { IHostMcpServers, TMcpServers, TMcpServerStatus } from './port/host-mcp-servers.ts'
export type { IHostModels, TModelListing, TModelListingEntry } from './port/host-models.ts'
export type {
  IHostPlugins,
  TMarketplaceListing,
  TMarketplaceQuery,
  TMarketplaceSearch,
  TPluginContributionSummary,
  TPluginInstallRequest,
  TPluginScope,
  TPluginView
} from './port/host-plugins.ts'
export type { IHostReplayArchive, TImportReplayOptions } from './port/host-replay-archive.ts'
export type {
  IHostSessions,
  TCreateSessionOptions,
  TEventPage,
  TMessagePage,
  TOpenSessionOptions,
  TPendingPermission,
  TProviderChoice,
  TSessionContextState,
  TSessionView,
  TThinkingChoice
} from './port/host-sessions.ts'
export type { IHostSessionSettings, TSessionSettings, TSessionSettingsView, TSessionToolToggle } from './port/host-session-settings.ts'
export type { IHostTurns, TSubmitOptions, TTurnOutputRequest, TTurnResult } from './port/host-turns.ts'
export type { IHostWorkspaceFiles, TManifestApplication, TSandboxChoice, TSandboxSwitch } from './port/host-workspace-files.ts'

/**
 * The agent host: sessions, turns and their events behind one interface that runs in-thread
 * (Node, tests) and, unchanged, inside a Web Worker. It is the composition of small ports, each
 * with its data types in its own file under `port/`.
 */
export interface IAgentHost extends IHostSessions, IHostSessionSettings, IHostTurns, IHostWorkspaceFiles, IHostReplayArchive, IHostCommands, IHostMcpServers, IHostModels, IHostPlugins, IHostEvents {}
