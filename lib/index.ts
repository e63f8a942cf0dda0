// The `robota` entry: core, tools, the session host and the memory store. Vendor SDKs, the
// IndexedDB store, the sandbox adapters and the worker live on their own subpaths.
export {
  AbstractAIProvider,
  AbstractPlugin,
  assertProviderNativeWebToolsAvailable,
  AuthenticationError,
  bindWithOwnerPath,
  CHARS_PER_TOKEN,
  chatEntryToMessage,
  CircuitBreakerOpenError,
  CLAUDE_MODELS,
  ConfigurationError,
  CONTEXT_SKIPPED_TOOL_RESULT,
  ConversationStore,
  createAssistantMessage,
  createDefaultProviderCapabilities,
  createId,
  createSystemMessage,
  createToolMessage,
  createUserMessage,
  DEFAULT_CONTEXT_WINDOW,
  DEFAULT_EVENT_SERVICE,
  DEFAULT_MAX_EXECUTION_ROUNDS,
  DEFAULT_MAX_OUTPUT,
  DefaultEventService,
  ENV_REFERENCE_PREFIX,
  ErrorUtils,
  estimateContextTokensFromMessages,
  estimateSerializedContextTokens,
  EVENT_EMITTER_EVENT_NAMES,
  EventEmitterPlugin,
  EXECUTION_EVENT_TYPES,
  findProviderDefinition,
  formatEnvReference,
  formatSupportedProviderTypes,
  formatTokenCount,
  getMessagesForAPI,
  getModelContextWindow,
  getModelDefinition,
  getModelMaxOutput,
  getModelName,
  getProviderCapabilities,
  hasUsableSecretReference,
  INTERRUPTED_SUFFIX,
  INVALID_JSON_ARGUMENTS_KEY,
  isAbortError,
  isChatEntry,
  isEnvReference,
  isRobotaError,
  MAX_ROUNDS_FALLBACK,
  messageToHistoryEntry,
  ModelNotAvailableError,
  NetworkError,
  normalizeUsageMetadata,
  OPENAI_MODELS,
  parseToolArguments,
  PluginCategory,
  PluginError,
  PluginPriority,
  PluginRunner,
  PRE_SEND_CONTEXT_THRESHOLD,
  ProviderError,
  ProviderSdkMissingError,
  RateLimitError,
  readTokenUsage,
  readTokenUsageFromMessage,
  resolveEnvReference,
  Robota,
  RobotaError,
  runPluginHook,
  runToolBatch,
  sortPlugins,
  StorageError,
  StorageQuotaError,
  StructuredEventService,
  toApiMessage,
  TOOL_INTERRUPTED_MESSAGE,
  TOOL_RESULT_CONTEXT_THRESHOLD,
  ToolExecutionError,
  toPluginError,
  toPluginEventError,
  toRunError,
  ValidationError
} from './core/index.ts'
export {
  evaluatePermission,
  isPermissionMode,
  MODE_POLICY,
  parsePermissionLists,
  parsePermissionPattern,
  PERMISSION_MODES,
  resolvePermission,
  suggestPermissionPattern,
  TRUST_TO_MODE,
  UNKNOWN_TOOL_FALLBACK
} from './permissions/index.ts'
export {
  AgentExecutor,
  DEFAULT_HOOK_TIMEOUT_MS,
  HOOK_EVENT_POLICY,
  HOOK_EVENTS,
  HttpExecutor,
  PromptExecutor,
  runHooks,
  SandboxCommandExecutor,
  validateHooksConfig
} from './hooks/index.ts'
export { InteractiveSession } from './session/interactive-session.ts'
export { Session } from './session/session.ts'
export { createQuery } from './session/query.ts'
export { ContextWindowTracker, DEFAULT_AUTO_COMPACT_THRESHOLD } from './session/context-window-tracker.ts'
export { CompactionOrchestrator } from './session/compaction/compaction-orchestrator.ts'
export { COMPACT_SUMMARY_PREFIX } from './session/compaction/compaction-prompt.ts'
export { CommandRegistry } from './session/commands/command-registry.ts'
export { BuiltinCommandSource } from './session/commands/builtin-command-source.ts'
export { SkillCommandSource } from './session/commands/skill-command-source.ts'
export { loadSettings, parseSettingsLayer } from './session/config/load-settings.ts'
export { settingsSchema } from './session/config/settings-schema.ts'
export { loadProjectContext } from './session/context/load-project-context.ts'
export { buildSystemPrompt } from './session/context/build-system-prompt.ts'
export { BUILTIN_AGENT_DEFINITIONS } from './session/subagents/agent-definition.ts'
export { createAgentTool } from './session/subagents/agent-tool.ts'
export { createSubagentSession } from './session/subagents/subagent-session.ts'
export { isSessionEvent } from './session/session-events.ts'
export { EventBatcher } from './host/event-batcher.ts'
export { PermissionBroker } from './host/permission-broker.ts'
export { PermissionEnforcer } from './session/permission-enforcer.ts'
export { GatedTool } from './session/tool-gate.ts'
export { LocalAgentHost } from './host/local-agent-host.ts'
export {
  canonicalJson,
  chainReplayEvents,
  DEFAULT_MAX_IMPORT_BYTES,
  exportReplayLogJsonl,
  findReplayGaps,
  GENESIS_HASH,
  hashReplayEvent,
  importReplayLogJsonl,
  MemorySessionStore,
  recordedPrompts,
  REDACTED,
  redactSecrets,
  redactSecretText,
  REPLAY_FORMAT_VERSION,
  ReplayDivergenceError,
  ReplayProvider,
  toReplayLogHead,
  verifyReplayLog
} from './storage/index.ts'
export {
  BraveSearchProvider,
  BuiltinTool,
  createBashTool,
  createEditTool,
  createFunctionTool,
  createGlobTool,
  createGrepTool,
  createOpenAPITool,
  createOpenAPITools,
  createReadTool,
  createWebFetchTool,
  createWebSearchTool,
  createWriteTool,
  createZodFunctionTool,
  FunctionTool,
  htmlToText,
  MCP_DEFAULT_TIMEOUT_MS,
  McpToolSet,
  numberLines,
  OpenAPITool,
  toMcpToolName,
  ToolRegistry,
  zodToJsonSchema
} from './tools/index.ts'

export type {
  IAgentConfig,
  IAIProvider,
  TAssistantMessage,
  IChatHistoryEntry,
  IChatOptions,
  IContextTokenEstimate,
  IContextTokenUsage,
  IContextWindowState,
  IDiffLine,
  TEventContext,
  TEventEmitterEventOf,
  TEventHistoryEntry,
  IEventService,
  TExecutionEventEnvelope,
  IHistoryEntry,
  IMessageTokenUsage,
  IModelDefinition,
  IOwnerPathSegment,
  IPluginContract,
  TPluginErrorDetails,
  TPluginEventError,
  TPluginExecutionContext,
  TPluginExecutionResult,
  IPluginHooks,
  TPluginToolCall,
  TPluginToolResult,
  IProviderCapabilities,
  IProviderConfig,
  IProviderCredentialRequirement,
  TProviderDefaults,
  IProviderDefinition,
  IProviderModelCatalog,
  IProviderModelCatalogEntry,
  IProviderModelCatalogRefreshOptions,
  IProviderNativeRawPayloadEvent,
  TProviderNativeWebToolCapability,
  IProviderNativeWebToolRequest,
  IProviderProbeResult,
  TProviderResponse,
  IProviderSetupHelpLink,
  TProviderSetupStep,
  IRunOptions,
  TRunResult,
  TRunUsage,
  TStructuredEvent,
  TStructuredEventServiceOptions,
  TSystemMessage,
  ITool,
  TToolCall,
  IToolExecutionContext,
  TToolExecutionOptions,
  TToolMessage,
  TToolDiff,
  IToolResult,
  IToolResultsOutcome,
  IToolSchema,
  TUserMessage,
  TCapabilityReportingProvider,
  TChatSettings,
  TEnvironmentRecord,
  TErrorOptions,
  TEventData,
  TEventEmitterEvent,
  TEventEmitterEventDataMap,
  TEventEmitterEventName,
  TEventEmitterListener,
  TEventListenerErrorCallback,
  TExecutionEventCallback,
  TExecutionEventDataMap,
  TExecutionEventType,
  THistoryAppendListener,
  TMessageRole,
  TMessageState,
  TPluginCategory,
  TPluginErrorCallback,
  TPluginHookArguments,
  TPluginHookName,
  TPluginHookOutcome,
  TPluginRunDecision,
  TPluginRunResultDecision,
  TPluginRunStart,
  TPluginToolDecision,
  TPluginToolResultDecision,
  TPluginToolStart,
  TPrioritized,
  TProviderCredentialField,
  TProviderModelCapability,
  TProviderModelCatalogRefresh,
  TProviderModelCatalogStatus,
  TProviderModelLifecycle,
  TProviderNativeRawPayloadCallback,
  TProviderNativeRawPayloadKind,
  TProviderOptionValue,
  TProviderSetupField,
  TProviderSetupHelpLinkKind,
  TRobotaErrorCategory,
  TRobotaErrorCode,
  TRunError,
  TRunErrorDetailValue,
  TStopReason,
  TStructuredEventListener,
  TTextDeltaCallback,
  TToolChoice,
  TToolEventEmitter,
  TToolExecutionMode,
  TUniversalMessage,
  TUniversalMessageMetadata
} from './core/index.ts'
export type {
  IAgentHost,
  TCommandOutcome,
  TCreateSessionOptions,
  THostEvent,
  THostEventListener,
  TManifestApplication,
  TProviderChoice,
  TSandboxChoice,
  TSandboxSwitch,
  TSessionView,
  TTurnResult
} from './host/agent-host.ts'
export type {
  IExecutionResult,
  IInteractiveSessionEvents,
  IToolState,
  IToolSummary,
  ITransportAdapter,
  TInteractiveSessionEventName,
  TInteractiveSessionOptions,
  TToolOutcome
} from './session/interactive-session-types.ts'
export type { TSessionOptions, TSessionRunOptions, TSessionRunResult } from './session/session-types.ts'
export type { TQuery, TQueryFactoryOptions, TQueryOptions } from './session/query.ts'
export type { ICommand, ICommandHost, ICommandResult, ICommandSource, ISystemCommand, TCommandOrigin } from './session/commands/command-types.ts'
export type { TSkill } from './session/commands/skill-loader.ts'
export type { TCompactionOutcome, TCompactionTrigger } from './session/compaction/compaction-types.ts'
export type { TSettings } from './session/config/settings-schema.ts'
export type { TLoadedSettings, TLoadSettingsOptions } from './session/config/load-settings.ts'
export type { TContextFile, TProjectContext } from './session/context/load-project-context.ts'
export type { IAgentDefinition } from './session/subagents/agent-definition.ts'
export type { TSubagentReport, TSubagentRequest } from './session/subagents/agent-tool.ts'
export type {
  TSessionEventEnvelope,
  TSessionEvent,
  TSessionEventDataMap,
  TSessionEventListener,
  TSessionEventType
} from './session/session-events.ts'
export type { TLocalAgentHostOptions } from './host/local-agent-host.ts'
export type {
  IPermissionLists,
  TKnownToolName,
  TPermissionContext,
  TPermissionDecision,
  TPermissionEvaluation,
  TPermissionMode,
  TPermissionPattern,
  TPermissionSource,
  TToolArgs,
  TTrustLevel
} from './permissions/index.ts'
export type {
  TAgentHookDefinition,
  TCommandHookDefinition,
  IHookDefinition,
  IHookGroup,
  IHookInput,
  IHookResult,
  IHookTypeExecutor,
  THttpHookDefinition,
  TPromptHookDefinition,
  TAgentHookRunner,
  THookEvent,
  THookEventPolicy,
  THookExecutionContext,
  THookFailurePolicy,
  THookOutcome,
  THookRunOptions,
  THookRunResult,
  THooksConfig,
  THttpExecutorOptions,
  TPromptHookRunner
} from './hooks/index.ts'
export type {
  TPermissionAnswer,
  TPermissionEnforcerOptions,
  TPermissionHandler,
  TPermissionOutcome,
  TPermissionRequest
} from './session/permission-enforcer-types.ts'
export type { IToolGate } from './session/tool-gate.ts'
export type {
  ISessionStore,
  TCorruptSessionEntry,
  TReplayExportHeader,
  TReplayGap,
  TReplayImport,
  TReplayLogHead,
  TReplayRecord,
  TReplayVerification,
  TSessionListing,
  TSessionRecord,
  TSessionSummary
} from './storage/index.ts'
export type {
  ISearchProvider,
  TBraveSearchProviderOptions,
  TMcpHttpServerConfig,
  TMcpProblem,
  TMcpServerConfig,
  TMcpServers,
  TMcpStdioServerConfig,
  TOpenAPIDocument,
  TOpenAPIToolOptions,
  TOpenAPIToolResponse,
  TSandboxToolOptions,
  TSearchOptions,
  TSearchResult,
  TToolFunction,
  TToolResult,
  TWebFetchToolOptions,
  TWebSearchToolOptions
} from './tools/index.ts'
// The specs' name for the built-in tools' sandbox options (declared as TSandboxToolOptions).
export type { TSandboxToolOptions as ISandboxToolOptions } from './tools/index.ts'
