export { AbstractAIProvider } from './abstract-ai-provider.ts'
export { ConversationStore } from './conversation-store.ts'
export { createId } from './create-id.ts'
export {
  AuthenticationError,
  CircuitBreakerOpenError,
  ConfigurationError,
  isAbortError,
  isRobotaError,
  ModelNotAvailableError,
  NetworkError,
  ProviderError,
  ProviderSdkMissingError,
  StructuredOutputError,
  RateLimitError,
  RobotaError,
  StorageError,
  StorageQuotaError,
  ToolExecutionError,
  ValidationError
} from './errors.ts'
export { EXECUTION_EVENT_TYPES } from './execution-events.ts'
export { TOOL_INTERRUPTED_MESSAGE } from './execution/execute-tool-calls.ts'
export {
  CONTEXT_SKIPPED_TOOL_RESULT,
  PRE_SEND_CONTEXT_THRESHOLD,
  TOOL_RESULT_CONTEXT_THRESHOLD
} from './execution/context-guard.ts'
export { runToolBatch } from './execution/run-tool-batch.ts'
export {
  CHARS_PER_TOKEN,
  estimateContextTokensFromMessages,
  estimateSerializedContextTokens
} from './context/estimation.ts'
export { normalizeUsageMetadata, readTokenUsage, readTokenUsageFromMessage } from './context/token-usage.ts'
export { chatEntryToMessage, getMessagesForAPI, isChatEntry, messageToHistoryEntry, toApiMessage } from './history.ts'
export { MAX_ROUNDS_FALLBACK } from './execution/force-final-answer.ts'
export {
  createAssistantMessage,
  createSystemMessage,
  createToolMessage,
  createUserMessage,
  INTERRUPTED_SUFFIX,
  PROVIDER_FAILURE_NOTE
} from './messages.ts'
export { DEFAULT_MAX_EXECUTION_ROUNDS, Robota } from './robota.ts'
export { toRunError } from './run-error.ts'

export { ErrorUtils } from './error-utils.ts'
export { formatTokenCount } from './context/format-token-count.ts'
export { INVALID_JSON_ARGUMENTS_KEY, parseToolArguments } from './parse-tool-arguments.ts'
export {
  CLAUDE_MODELS,
  DEFAULT_CONTEXT_WINDOW,
  DEFAULT_MAX_OUTPUT,
  getModelContextWindow,
  getModelDefinition,
  getModelMaxOutput,
  getModelName,
  GEMINI_MODELS,
  OPENAI_MODELS
} from './context/models.ts'
export { ENV_REFERENCE_PREFIX, formatEnvReference, hasUsableSecretReference, isEnvReference, resolveEnvReference } from './env-reference.ts'
export { bindWithOwnerPath } from './event-service/bind-with-owner-path.ts'
export { DEFAULT_EVENT_SERVICE, DefaultEventService } from './event-service/default-event-service.ts'
export { StructuredEventService } from './event-service/structured-event-service.ts'
export { AbstractPlugin } from './plugins/abstract-plugin.ts'
export { EVENT_EMITTER_EVENT_NAMES, toPluginEventError } from './plugins/event-emitter-events.ts'
export { EventEmitterPlugin } from './plugins/event-emitter-plugin.ts'
export { PluginCategory } from './plugins/plugin-category.ts'
export { PluginError, toPluginError } from './plugins/plugin-error.ts'
export { PluginPriority, sortPlugins } from './plugins/plugin-priority.ts'
export { PluginRunner, runPluginHook } from './plugins/plugin-runner.ts'
export { assertProviderNativeWebToolsAvailable, createDefaultProviderCapabilities, getProviderCapabilities } from './provider-capabilities.ts'
export { getProviderSecrets } from './provider-secrets.ts'
export { readServerToolUses, SERVER_TOOL_USES_METADATA_KEY } from './server-tool-use.ts'
export type { TServerToolName, TServerToolSource, TServerToolUse, TServerToolUseCallback } from './server-tool-use.ts'
export { findProviderDefinition, formatSupportedProviderTypes } from './provider-definition.ts'

export type { THistoryAppendListener } from './conversation-store.ts'
export type { TRobotaErrorCategory, TRobotaErrorCode } from './errors.ts'
export type {
  TExecutionEventEnvelope,
  IExecutionEventEnvelope,
  TExecutionEventCallback,
  TExecutionEventDataMap,
  TExecutionEventType
} from './execution-events.ts'
export type { TRunResult, IRunResult, TRunUsage, IRunUsage } from './execution/run-execution.ts'
export type { TRunError, TRunErrorDetailValue } from './run-error.ts'
export type { TToolExecutionOptions, IToolExecutionOptions, TToolExecutionMode } from './execution/execution-context.ts'
export type { IToolResultsOutcome } from './execution/execute-tool-calls.ts'
export type { IContextTokenEstimate, IContextWindowState } from './context/estimation.ts'
export type { IContextTokenUsage, IMessageTokenUsage } from './context/token-usage.ts'
export type { IChatHistoryEntry, TEventHistoryEntry, IEventHistoryEntry, IHistoryEntry } from './history.ts'
export type {
  TAssistantMessage,
  IAssistantMessage,
  TSystemMessage,
  ISystemMessage,
  TToolCall,
  IToolCall,
  TToolMessage,
  IToolMessage,
  TUserMessage,
  IUserMessage,
  TBaseMessage,
  TMessageExtras,
  TMessageRole,
  TMessageState,
  TUniversalMessage,
  TUniversalMessageMetadata
} from './messages.ts'
export type {
  IAIProvider,
  IChatOptions,
  IProviderNativeRawPayloadEvent,
  TProviderResponse,
  IProviderResponse,
  IToolSchema,
  TProviderNativeRawPayloadCallback,
  TOutputFormat,
  TProviderNativeRawPayloadKind,
  TProviderOptions,
  TProviderRequestOptions,
  TStopReason,
  TTextDeltaCallback,
  TToolChoice
} from './provider.ts'
export type { IAgentConfig, IRunOptions } from './robota.ts'
export type { TChatSettings } from './chat-settings.ts'
export type { TOutputOf, TOutputSchema, TStandardResult } from './output-schema.ts'
export type { TStructuredRunResult } from './run-for-output.ts'
export { NOT_EXECUTED_ERROR_CODES } from './tool.ts'
export type { IDiffLine, ITool, TToolDiff, IToolExecutionContext, IToolResult, TToolEventEmitter } from './tool.ts'
export type { IModelDefinition } from './context/models.ts'
export type { TErrorOptions } from './errors.ts'
export type { TEnvironmentRecord } from './env-reference.ts'
export type { TEventContext, IEventContext, IEventService, IOwnerPathSegment, TStructuredEvent, IStructuredEvent, TEventData, TStructuredEventListener } from './event-service/event-service.ts'
export type { TStructuredEventServiceOptions, IStructuredEventServiceOptions } from './event-service/structured-event-service.ts'
export type {
  IPluginContract,
  IPluginHooks,
  TPluginHookName,
  TPluginHookOutcome,
  TPluginRunDecision,
  TPluginRunResultDecision,
  TPluginToolDecision,
  TPluginToolResultDecision
} from './plugins/abstract-plugin.ts'
export type {
  TEventEmitterEventOf,
  IEventEmitterEvent,
  TPluginEventError,
  IPluginEventError,
  TEventEmitterEvent,
  TEventEmitterEventDataMap,
  TEventEmitterEventName,
  TEventEmitterListener
} from './plugins/event-emitter-events.ts'
export type { TEventListenerErrorCallback } from './plugins/event-emitter-plugin.ts'
export type { TPluginCategory } from './plugins/plugin-category.ts'
export type { TPluginExecutionContext, IPluginExecutionContext, TPluginExecutionResult, IPluginExecutionResult, TPluginToolCall, IPluginToolCall, TPluginToolResult, IPluginToolResult } from './plugins/plugin-context.ts'
export type { TPluginErrorDetails, IPluginErrorDetails } from './plugins/plugin-error.ts'
export type { TPrioritized } from './plugins/plugin-priority.ts'
export type { TPluginErrorCallback, TPluginHookArguments, TPluginRunStart, TPluginToolStart } from './plugins/plugin-runner.ts'
export type {
  IProviderCapabilities,
  TProviderNativeWebToolCapability,
  IProviderNativeWebToolCapability,
  IProviderNativeWebToolRequest,
  TCapabilityReportingProvider
} from './provider-capabilities.ts'
export type {
  IProviderConfig,
  IProviderCredentialRequirement,
  TProviderDefaults,
  IProviderDefaults,
  IProviderDefinition,
  IProviderProbeResult,
  IProviderSetupHelpLink,
  TProviderSetupStep,
  IProviderSetupStep,
  TProviderCredentialField,
  TProviderOptionValue,
  TProviderSetupField,
  TProviderSetupHelpLinkKind
} from './provider-definition.ts'
export type {
  IProviderModelCatalog,
  IProviderModelCatalogEntry,
  IProviderModelCatalogRefreshOptions,
  TProviderModelCapability,
  TProviderModelCatalogRefresh,
  TProviderModelCatalogStatus,
  TProviderModelLifecycle
} from './provider-model-catalog.ts'
