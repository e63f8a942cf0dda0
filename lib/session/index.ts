/**
 * The session plane's public names: the SDK session (`InteractiveSession`, `Session`, `createQuery`),
 * its settings, context, commands, compaction, subagents and permission gate. `robota` re-exports
 * all of it.
 */
export { InteractiveSession } from './interactive-session.ts'
export { Session } from './session.ts'
export { createQuery } from './query.ts'
export { ContextWindowTracker, DEFAULT_AUTO_COMPACT_THRESHOLD } from './context-window-tracker.ts'
export { CompactionOrchestrator } from './compaction/compaction-orchestrator.ts'
export { COMPACT_SUMMARY_PREFIX } from './compaction/compaction-prompt.ts'
export { CommandRegistry } from './commands/command-registry.ts'
export { BuiltinCommandSource } from './commands/builtin-command-source.ts'
export { SkillCommandSource } from './commands/skill-command-source.ts'
export { loadSettings, parseSettingsLayer } from './config/load-settings.ts'
export { settingsSchema } from './config/settings-schema.ts'
export { loadProjectContext } from './context/load-project-context.ts'
export { buildSystemPrompt } from './context/build-system-prompt.ts'
export { BUILTIN_AGENT_DEFINITIONS } from './subagents/agent-definition.ts'
export { createAgentTool } from './subagents/agent-tool.ts'
export { createSubagentSession } from './subagents/subagent-session.ts'
export { isSessionEvent } from './session-events.ts'
export { PermissionEnforcer } from './permission-enforcer.ts'
export { GatedTool } from './tool-gate.ts'
export { BundlePluginLoader } from './plugins/bundle-plugin-loader.ts'
export { BundlePluginInstaller } from './plugins/bundle-plugin-installer.ts'
export { PluginCommandSource } from './plugins/plugin-command-source.ts'
export { SandboxPluginFileStore, PROJECT_PLUGINS_DIRECTORY } from './plugins/sandbox-plugin-file-store.ts'
export { BUNDLE_MANIFEST_FILE, bundlePluginManifestSchema } from './plugins/bundle-plugin-manifest.ts'
export { DEFAULT_MARKETPLACE_SOURCE, MarketplaceClient } from './plugins/marketplace-client.ts'
export { BUNDLE_ARCHIVE_FORMAT, parseBundleArchive, toBundleArchive } from './plugins/bundle-archive.ts'
export { marketplaceIndexSchema } from './plugins/marketplace-index.ts'
export type {
  IExecutionResult,
  IInteractiveSessionEvents,
  IToolState,
  IToolSummary,
  ITransportAdapter,
  TInteractiveSessionEventName,
  TInteractiveSessionOptions,
  TToolOutcome
} from './interactive-session-types.ts'
export type { TCompactionNotice, TSessionOptions, TSessionRunOptions, TSessionRunResult } from './session-types.ts'
export type { THistoryReset } from './session.ts'
export type { TContextWindowTrackerOptions } from './context-window-tracker.ts'
export type { TCompactionEmitter, TCompactionPorts, TCompactionRequest } from './compaction/compaction-orchestrator.ts'
export type { TBuiltinCommandSourceOptions } from './commands/builtin-command-source.ts'
export type { TSkillCommandSourceOptions } from './commands/skill-command-source.ts'
export type { TFileProblem } from './markdown-frontmatter.ts'
export type { TQuery, TQueryFactoryOptions, TQueryOptions } from './query.ts'
export type { ICommand, ICommandHost, ICommandResult, ICommandSource, ISystemCommand, TCommandOrigin } from './commands/command-types.ts'
export type { TSkill, TSkillLayout, TSkillLocation } from './commands/skill-loader.ts'
export type { TCompactionOutcome, TCompactionTrigger } from './compaction/compaction-types.ts'
export type { TSettings } from './config/settings-schema.ts'
export type { TLoadedSettings, TLoadSettingsOptions } from './config/load-settings.ts'
export type { TContextFile, TProjectContext } from './context/load-project-context.ts'
export type { TPromptSkill, TSystemPromptParts } from './context/build-system-prompt.ts'
export type { TProjectInfo } from './context/detect-project.ts'
export type { IAgentDefinition } from './subagents/agent-definition.ts'
export type { TSubagentReport, TSubagentRequest, TSubagentRunner } from './subagents/agent-tool.ts'
export type { TSubagentContext, TSubagentSessionOptions } from './subagents/subagent-session.ts'
export type { TReplayRerunDifference, TReplayRerunReport } from './replay-rerun.ts'
export type {
  TAnySessionEventDataMap,
  TAnySessionEventType,
  TSessionEventEnvelope,
  TSessionEvent,
  TSessionEventDataMap,
  TSessionEventListener,
  TSessionEventType
} from './session-events.ts'
export type {
  TPermissionAnswer,
  TPermissionEnforcerOptions,
  TPermissionHandler,
  TPermissionOutcome,
  TPermissionRequest
} from './permission-enforcer-types.ts'
export type { IToolGate } from './tool-gate.ts'
export type { IBundlePluginManifest, TBundlePluginAuthor } from './plugins/bundle-plugin-manifest.ts'
export type { ILoadedBundlePlugin, TBundleFiles, TBundleOpenApiDocument, TBundleProblem } from './plugins/loaded-bundle-plugin.ts'
export type { TEnabledPlugins, TInstalledPlugin, TPluginInstallOptions } from './plugins/bundle-plugin-installer.ts'
export type { TPluginRegistryEntry, TPluginScope } from './plugins/plugin-registry.ts'
export type { TMarketplaceClientOptions, TMarketplaceSearch } from './plugins/marketplace-client.ts'
export type { TMarketplaceEntry, TMarketplaceIndex, TMarketplaceListing, TMarketplaceQuery } from './plugins/marketplace-index.ts'
